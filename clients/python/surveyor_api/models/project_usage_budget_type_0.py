from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_usage_budget_type_0_on_exhausted import (
    ProjectUsageBudgetType0OnExhausted,
    check_project_usage_budget_type_0_on_exhausted,
)
from ..models.project_usage_budget_type_0_unit import (
    ProjectUsageBudgetType0Unit,
    check_project_usage_budget_type_0_unit,
)

T = TypeVar("T", bound="ProjectUsageBudgetType0")


@_attrs_define
class ProjectUsageBudgetType0:
    """
    Attributes:
        unit (ProjectUsageBudgetType0Unit):
        budget (float):
        used (float):
        in_flight (float):
        period_start (datetime.datetime):
        period_end (datetime.datetime):
        on_exhausted (ProjectUsageBudgetType0OnExhausted):
    """

    unit: ProjectUsageBudgetType0Unit
    budget: float
    used: float
    in_flight: float
    period_start: datetime.datetime
    period_end: datetime.datetime
    on_exhausted: ProjectUsageBudgetType0OnExhausted
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        unit: str = self.unit

        budget = self.budget

        used = self.used

        in_flight = self.in_flight

        period_start = self.period_start.isoformat()

        period_end = self.period_end.isoformat()

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
                "on_exhausted": on_exhausted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        unit = check_project_usage_budget_type_0_unit(d.pop("unit"))

        budget = d.pop("budget")

        used = d.pop("used")

        in_flight = d.pop("in_flight")

        period_start = datetime.datetime.fromisoformat(d.pop("period_start"))

        period_end = datetime.datetime.fromisoformat(d.pop("period_end"))

        on_exhausted = check_project_usage_budget_type_0_on_exhausted(
            d.pop("on_exhausted")
        )

        project_usage_budget_type_0 = cls(
            unit=unit,
            budget=budget,
            used=used,
            in_flight=in_flight,
            period_start=period_start,
            period_end=period_end,
            on_exhausted=on_exhausted,
        )

        project_usage_budget_type_0.additional_properties = d
        return project_usage_budget_type_0

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
