from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProjectUsageGroupsItemRunSecondsType0")


@_attrs_define
class ProjectUsageGroupsItemRunSecondsType0:
    """
    Attributes:
        p50 (float):
        p95 (float):
    """

    p50: float
    p95: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        p50 = self.p50

        p95 = self.p95

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "p50": p50,
                "p95": p95,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        p50 = d.pop("p50")

        p95 = d.pop("p95")

        project_usage_groups_item_run_seconds_type_0 = cls(
            p50=p50,
            p95=p95,
        )

        project_usage_groups_item_run_seconds_type_0.additional_properties = d
        return project_usage_groups_item_run_seconds_type_0

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
