from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_automation_sources_item import ProjectAutomationSourcesItem


T = TypeVar("T", bound="ProjectAutomation")


@_attrs_define
class ProjectAutomation:
    """
    Attributes:
        project_module (str):
        config_version (float):
        enabled (bool):
        blocked (None | str):
        max_failed_runs (float):
        retry_wait_minutes (float):
        held (float):
        waiting (float):
        sources (list[ProjectAutomationSourcesItem]):
    """

    project_module: str
    config_version: float
    enabled: bool
    blocked: None | str
    max_failed_runs: float
    retry_wait_minutes: float
    held: float
    waiting: float
    sources: list[ProjectAutomationSourcesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        config_version = self.config_version

        enabled = self.enabled

        blocked: None | str
        blocked = self.blocked

        max_failed_runs = self.max_failed_runs

        retry_wait_minutes = self.retry_wait_minutes

        held = self.held

        waiting = self.waiting

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_module": project_module,
                "config_version": config_version,
                "enabled": enabled,
                "blocked": blocked,
                "max_failed_runs": max_failed_runs,
                "retry_wait_minutes": retry_wait_minutes,
                "held": held,
                "waiting": waiting,
                "sources": sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_automation_sources_item import (
            ProjectAutomationSourcesItem,
        )

        d = dict(src_dict)
        project_module = d.pop("project_module")

        config_version = d.pop("config_version")

        enabled = d.pop("enabled")

        def _parse_blocked(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        blocked = _parse_blocked(d.pop("blocked"))

        max_failed_runs = d.pop("max_failed_runs")

        retry_wait_minutes = d.pop("retry_wait_minutes")

        held = d.pop("held")

        waiting = d.pop("waiting")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = ProjectAutomationSourcesItem.from_dict(sources_item_data)

            sources.append(sources_item)

        project_automation = cls(
            project_module=project_module,
            config_version=config_version,
            enabled=enabled,
            blocked=blocked,
            max_failed_runs=max_failed_runs,
            retry_wait_minutes=retry_wait_minutes,
            held=held,
            waiting=waiting,
            sources=sources,
        )

        project_automation.additional_properties = d
        return project_automation

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
