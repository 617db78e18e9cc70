from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_usage_budget_type_0 import ProjectUsageBudgetType0
    from ..models.project_usage_groups_item import ProjectUsageGroupsItem
    from ..models.project_usage_total import ProjectUsageTotal
    from ..models.project_usage_walltimes_item import ProjectUsageWalltimesItem


T = TypeVar("T", bound="ProjectUsage")


@_attrs_define
class ProjectUsage:
    """
    Attributes:
        project_module (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        by (str):
        total (ProjectUsageTotal):
        groups (list[ProjectUsageGroupsItem]):
        budget (None | ProjectUsageBudgetType0):
        walltimes (list[ProjectUsageWalltimesItem]):
    """

    project_module: str
    from_: datetime.datetime
    to: datetime.datetime
    by: str
    total: ProjectUsageTotal
    groups: list[ProjectUsageGroupsItem]
    budget: None | ProjectUsageBudgetType0
    walltimes: list[ProjectUsageWalltimesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.project_usage_budget_type_0 import ProjectUsageBudgetType0

        project_module = self.project_module

        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        by = self.by

        total = self.total.to_dict()

        groups = []
        for groups_item_data in self.groups:
            groups_item = groups_item_data.to_dict()
            groups.append(groups_item)

        budget: dict[str, Any] | None
        if isinstance(self.budget, ProjectUsageBudgetType0):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        walltimes = []
        for walltimes_item_data in self.walltimes:
            walltimes_item = walltimes_item_data.to_dict()
            walltimes.append(walltimes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_module": project_module,
                "from": from_,
                "to": to,
                "by": by,
                "total": total,
                "groups": groups,
                "budget": budget,
                "walltimes": walltimes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_usage_budget_type_0 import ProjectUsageBudgetType0
        from ..models.project_usage_groups_item import ProjectUsageGroupsItem
        from ..models.project_usage_total import ProjectUsageTotal
        from ..models.project_usage_walltimes_item import ProjectUsageWalltimesItem

        d = dict(src_dict)
        project_module = d.pop("project_module")

        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        by = d.pop("by")

        total = ProjectUsageTotal.from_dict(d.pop("total"))

        groups = []
        _groups = d.pop("groups")
        for groups_item_data in _groups:
            groups_item = ProjectUsageGroupsItem.from_dict(groups_item_data)

            groups.append(groups_item)

        def _parse_budget(data: object) -> None | ProjectUsageBudgetType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                budget_type_0 = ProjectUsageBudgetType0.from_dict(data)

                return budget_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProjectUsageBudgetType0, data)

        budget = _parse_budget(d.pop("budget"))

        walltimes = []
        _walltimes = d.pop("walltimes")
        for walltimes_item_data in _walltimes:
            walltimes_item = ProjectUsageWalltimesItem.from_dict(walltimes_item_data)

            walltimes.append(walltimes_item)

        project_usage = cls(
            project_module=project_module,
            from_=from_,
            to=to,
            by=by,
            total=total,
            groups=groups,
            budget=budget,
            walltimes=walltimes,
        )

        project_usage.additional_properties = d
        return project_usage

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
