from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OverviewBlockedAutomationItem")


@_attrs_define
class OverviewBlockedAutomationItem:
    """
    Attributes:
        project_module (str):
        config_version (float):
        reason (str):
    """

    project_module: str
    config_version: float
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        config_version = self.config_version

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_module": project_module,
                "config_version": config_version,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_module = d.pop("project_module")

        config_version = d.pop("config_version")

        reason = d.pop("reason")

        overview_blocked_automation_item = cls(
            project_module=project_module,
            config_version=config_version,
            reason=reason,
        )

        overview_blocked_automation_item.additional_properties = d
        return overview_blocked_automation_item

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
