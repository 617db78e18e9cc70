from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.source_discovery_state import (
    SourceDiscoveryState,
    check_source_discovery_state,
)

T = TypeVar("T", bound="Source")


@_attrs_define
class Source:
    """
    Attributes:
        uuid (str):
        project_module (str):
        source_identifier (str):
        enabled (bool):
        discovery_state (SourceDiscoveryState):
        discovered_at (datetime.datetime | None):
        needs_processing (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    uuid: str
    project_module: str
    source_identifier: str
    enabled: bool
    discovery_state: SourceDiscoveryState
    discovered_at: datetime.datetime | None
    needs_processing: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uuid = self.uuid

        project_module = self.project_module

        source_identifier = self.source_identifier

        enabled = self.enabled

        discovery_state: str = self.discovery_state

        discovered_at: None | str
        if isinstance(self.discovered_at, datetime.datetime):
            discovered_at = self.discovered_at.isoformat()
        else:
            discovered_at = self.discovered_at

        needs_processing = self.needs_processing

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uuid": uuid,
                "project_module": project_module,
                "source_identifier": source_identifier,
                "enabled": enabled,
                "discovery_state": discovery_state,
                "discovered_at": discovered_at,
                "needs_processing": needs_processing,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        uuid = d.pop("uuid")

        project_module = d.pop("project_module")

        source_identifier = d.pop("source_identifier")

        enabled = d.pop("enabled")

        discovery_state = check_source_discovery_state(d.pop("discovery_state"))

        def _parse_discovered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                discovered_at_type_0 = datetime.datetime.fromisoformat(data)

                return discovered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        discovered_at = _parse_discovered_at(d.pop("discovered_at"))

        needs_processing = d.pop("needs_processing")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        source = cls(
            uuid=uuid,
            project_module=project_module,
            source_identifier=source_identifier,
            enabled=enabled,
            discovery_state=discovery_state,
            discovered_at=discovered_at,
            needs_processing=needs_processing,
            created_at=created_at,
            updated_at=updated_at,
        )

        source.additional_properties = d
        return source

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
