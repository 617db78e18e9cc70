from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.project_config_budget_on_exhausted import ProjectConfigBudgetOnExhausted
from ..models.project_config_budget_period import ProjectConfigBudgetPeriod
from ..models.project_config_budget_unit import ProjectConfigBudgetUnit
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigBudget")


@_attrs_define
class ProjectConfigBudget:
    """
    Attributes:
        limit (float):
        unit (ProjectConfigBudgetUnit):
        period (ProjectConfigBudgetPeriod | Unset):  Default: ProjectConfigBudgetPeriod.MONTH.
        on_exhausted (ProjectConfigBudgetOnExhausted | Unset):  Default: ProjectConfigBudgetOnExhausted.BLOCK.
    """

    limit: float
    unit: ProjectConfigBudgetUnit
    period: ProjectConfigBudgetPeriod | Unset = ProjectConfigBudgetPeriod.MONTH
    on_exhausted: ProjectConfigBudgetOnExhausted | Unset = (
        ProjectConfigBudgetOnExhausted.BLOCK
    )

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        unit = self.unit.value

        period: str | Unset = UNSET
        if not isinstance(self.period, Unset):
            period = self.period.value

        on_exhausted: str | Unset = UNSET
        if not isinstance(self.on_exhausted, Unset):
            on_exhausted = self.on_exhausted.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "limit": limit,
                "unit": unit,
            }
        )
        if period is not UNSET:
            field_dict["period"] = period
        if on_exhausted is not UNSET:
            field_dict["on_exhausted"] = on_exhausted

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        limit = d.pop("limit")

        unit = ProjectConfigBudgetUnit(d.pop("unit"))

        _period = d.pop("period", UNSET)
        period: ProjectConfigBudgetPeriod | Unset
        if isinstance(_period, Unset):
            period = UNSET
        else:
            period = ProjectConfigBudgetPeriod(_period)

        _on_exhausted = d.pop("on_exhausted", UNSET)
        on_exhausted: ProjectConfigBudgetOnExhausted | Unset
        if isinstance(_on_exhausted, Unset):
            on_exhausted = UNSET
        else:
            on_exhausted = ProjectConfigBudgetOnExhausted(_on_exhausted)

        project_config_budget = cls(
            limit=limit,
            unit=unit,
            period=period,
            on_exhausted=on_exhausted,
        )

        return project_config_budget
