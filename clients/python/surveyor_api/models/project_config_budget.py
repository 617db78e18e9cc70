from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.project_config_budget_on_exhausted import (
    ProjectConfigBudgetOnExhausted,
    check_project_config_budget_on_exhausted,
)
from ..models.project_config_budget_period import (
    ProjectConfigBudgetPeriod,
    check_project_config_budget_period,
)
from ..models.project_config_budget_unit import (
    ProjectConfigBudgetUnit,
    check_project_config_budget_unit,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigBudget")


@_attrs_define
class ProjectConfigBudget:
    """
    Attributes:
        limit (float):
        unit (ProjectConfigBudgetUnit):
        period (ProjectConfigBudgetPeriod | Unset):  Default: 'month'.
        on_exhausted (ProjectConfigBudgetOnExhausted | Unset):  Default: 'block'.
    """

    limit: float
    unit: ProjectConfigBudgetUnit
    period: ProjectConfigBudgetPeriod | Unset = "month"
    on_exhausted: ProjectConfigBudgetOnExhausted | Unset = "block"

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        unit: str = self.unit

        period: str | Unset = UNSET
        if not isinstance(self.period, Unset):
            period = self.period

        on_exhausted: str | Unset = UNSET
        if not isinstance(self.on_exhausted, Unset):
            on_exhausted = self.on_exhausted

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

        unit = check_project_config_budget_unit(d.pop("unit"))

        _period = d.pop("period", UNSET)
        period: ProjectConfigBudgetPeriod | Unset
        if isinstance(_period, Unset):
            period = UNSET
        else:
            period = check_project_config_budget_period(_period)

        _on_exhausted = d.pop("on_exhausted", UNSET)
        on_exhausted: ProjectConfigBudgetOnExhausted | Unset
        if isinstance(_on_exhausted, Unset):
            on_exhausted = UNSET
        else:
            on_exhausted = check_project_config_budget_on_exhausted(_on_exhausted)

        project_config_budget = cls(
            limit=limit,
            unit=unit,
            period=period,
            on_exhausted=on_exhausted,
        )

        return project_config_budget
