from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.execution_status_budget_on_exhausted import (
    ExecutionStatusBudgetOnExhausted,
    check_execution_status_budget_on_exhausted,
)
from ..models.execution_status_budget_unit import (
    ExecutionStatusBudgetUnit,
    check_execution_status_budget_unit,
)

T = TypeVar("T", bound="ExecutionStatusBudget")


@_attrs_define
class ExecutionStatusBudget:
    """
    Attributes:
        unit (ExecutionStatusBudgetUnit):
        budget (float):
        used (float):
        in_flight (float):
        period_start (datetime.datetime):
        period_end (datetime.datetime):
        this_run (float):
        exceeded (bool):
        on_exhausted (ExecutionStatusBudgetOnExhausted):
    """

    unit: ExecutionStatusBudgetUnit
    budget: float
    used: float
    in_flight: float
    period_start: datetime.datetime
    period_end: datetime.datetime
    this_run: float
    exceeded: bool
    on_exhausted: ExecutionStatusBudgetOnExhausted
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        unit: str = self.unit

        budget = self.budget

        used = self.used

        in_flight = self.in_flight

        period_start = self.period_start.isoformat()

        period_end = self.period_end.isoformat()

        this_run = self.this_run

        exceeded = self.exceeded

        on_exhausted: str = self.on_exhausted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "unit": unit,
                "budget": budget,
                "used": used,
                "in_flight": in_flight,
                "period_start": period_start,
                "period_end": period_end,
                "this_run": this_run,
                "exceeded": exceeded,
                "on_exhausted": on_exhausted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        unit = check_execution_status_budget_unit(d.pop("unit"))

        budget = d.pop("budget")

        used = d.pop("used")

        in_flight = d.pop("in_flight")

        period_start = datetime.datetime.fromisoformat(d.pop("period_start"))

        period_end = datetime.datetime.fromisoformat(d.pop("period_end"))

        this_run = d.pop("this_run")

        exceeded = d.pop("exceeded")

        on_exhausted = check_execution_status_budget_on_exhausted(d.pop("on_exhausted"))

        execution_status_budget = cls(
            unit=unit,
            budget=budget,
            used=used,
            in_flight=in_flight,
            period_start=period_start,
            period_end=period_end,
            this_run=this_run,
            exceeded=exceeded,
            on_exhausted=on_exhausted,
        )

        execution_status_budget.additional_properties = d
        return execution_status_budget

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
