from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_automation_sources_item_hold import (
    ProjectAutomationSourcesItemHold,
    check_project_automation_sources_item_hold,
)

T = TypeVar("T", bound="ProjectAutomationSourcesItem")


@_attrs_define
class ProjectAutomationSourcesItem:
    """
    Attributes:
        source_uuid (str):
        source_identifier (str):
        failed_runs (float):
        max_failed_runs (float):
        last_failed_execution (str):
        last_failed_at (datetime.datetime):
        hold (ProjectAutomationSourcesItemHold):
        retry_at (datetime.datetime | None):
    """

    source_uuid: str
    source_identifier: str
    failed_runs: float
    max_failed_runs: float
    last_failed_execution: str
    last_failed_at: datetime.datetime
    hold: ProjectAutomationSourcesItemHold
    retry_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source_uuid = self.source_uuid

        source_identifier = self.source_identifier

        failed_runs = self.failed_runs

        max_failed_runs = self.max_failed_runs

        last_failed_execution = self.last_failed_execution

        last_failed_at = self.last_failed_at.isoformat()

        hold: str = self.hold

        retry_at: None | str
        if isinstance(self.retry_at, datetime.datetime):
            retry_at = self.retry_at.isoformat()
        else:
            retry_at = self.retry_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source_uuid": source_uuid,
                "source_identifier": source_identifier,
                "failed_runs": failed_runs,
                "max_failed_runs": max_failed_runs,
                "last_failed_execution": last_failed_execution,
                "last_failed_at": last_failed_at,
                "hold": hold,
                "retry_at": retry_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_uuid = d.pop("source_uuid")

        source_identifier = d.pop("source_identifier")

        failed_runs = d.pop("failed_runs")

        max_failed_runs = d.pop("max_failed_runs")

        last_failed_execution = d.pop("last_failed_execution")

        last_failed_at = datetime.datetime.fromisoformat(d.pop("last_failed_at"))

        hold = check_project_automation_sources_item_hold(d.pop("hold"))

        def _parse_retry_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retry_at_type_0 = datetime.datetime.fromisoformat(data)

                return retry_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        retry_at = _parse_retry_at(d.pop("retry_at"))

        project_automation_sources_item = cls(
            source_uuid=source_uuid,
            source_identifier=source_identifier,
            failed_runs=failed_runs,
            max_failed_runs=max_failed_runs,
            last_failed_execution=last_failed_execution,
            last_failed_at=last_failed_at,
            hold=hold,
            retry_at=retry_at,
        )

        project_automation_sources_item.additional_properties = d
        return project_automation_sources_item

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
