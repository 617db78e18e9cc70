from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.source_status_discovery_state import (
    SourceStatusDiscoveryState,
    check_source_status_discovery_state,
)

if TYPE_CHECKING:
    from ..models.source_automation import SourceAutomation
    from ..models.source_status_discovery_flags import SourceStatusDiscoveryFlags
    from ..models.source_status_metadata_type_0 import SourceStatusMetadataType0


T = TypeVar("T", bound="SourceStatus")


@_attrs_define
class SourceStatus:
    """
    Attributes:
        uuid (str):
        project_module (str):
        source_identifier (str):
        enabled (bool):
        discovery_state (SourceStatusDiscoveryState):
        discovered_at (datetime.datetime | None):
        needs_processing (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        discovery_error (None | str):
        config_version (float | None):
        signature (None | str):
        metadata (None | SourceStatusMetadataType0):
        discovery_flags (SourceStatusDiscoveryFlags):
        ready (bool):
        blocked_by (list[str]):
        automation (None | SourceAutomation):
    """

    uuid: str
    project_module: str
    source_identifier: str
    enabled: bool
    discovery_state: SourceStatusDiscoveryState
    discovered_at: datetime.datetime | None
    needs_processing: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    discovery_error: None | str
    config_version: float | None
    signature: None | str
    metadata: None | SourceStatusMetadataType0
    discovery_flags: SourceStatusDiscoveryFlags
    ready: bool
    blocked_by: list[str]
    automation: None | SourceAutomation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.source_automation import SourceAutomation
        from ..models.source_status_metadata_type_0 import SourceStatusMetadataType0

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

        discovery_error: None | str
        discovery_error = self.discovery_error

        config_version: float | None
        config_version = self.config_version

        signature: None | str
        signature = self.signature

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, SourceStatusMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        discovery_flags = self.discovery_flags.to_dict()

        ready = self.ready

        blocked_by = self.blocked_by

        automation: dict[str, Any] | None
        if isinstance(self.automation, SourceAutomation):
            automation = self.automation.to_dict()
        else:
            automation = self.automation

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
                "discovery_error": discovery_error,
                "config_version": config_version,
                "signature": signature,
                "metadata": metadata,
                "discovery_flags": discovery_flags,
                "ready": ready,
                "blocked_by": blocked_by,
                "automation": automation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_automation import SourceAutomation
        from ..models.source_status_discovery_flags import SourceStatusDiscoveryFlags
        from ..models.source_status_metadata_type_0 import SourceStatusMetadataType0

        d = dict(src_dict)
        uuid = d.pop("uuid")

        project_module = d.pop("project_module")

        source_identifier = d.pop("source_identifier")

        enabled = d.pop("enabled")

        discovery_state = check_source_status_discovery_state(d.pop("discovery_state"))

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

        def _parse_discovery_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        discovery_error = _parse_discovery_error(d.pop("discovery_error"))

        def _parse_config_version(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        config_version = _parse_config_version(d.pop("config_version"))

        def _parse_signature(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature = _parse_signature(d.pop("signature"))

        def _parse_metadata(data: object) -> None | SourceStatusMetadataType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = SourceStatusMetadataType0.from_dict(data)

                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceStatusMetadataType0, data)

        metadata = _parse_metadata(d.pop("metadata"))

        discovery_flags = SourceStatusDiscoveryFlags.from_dict(d.pop("discovery_flags"))

        ready = d.pop("ready")

        blocked_by = cast(list[str], d.pop("blocked_by"))

        def _parse_automation(data: object) -> None | SourceAutomation:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                automation_type_0 = SourceAutomation.from_dict(data)

                return automation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceAutomation, data)

        automation = _parse_automation(d.pop("automation"))

        source_status = cls(
            uuid=uuid,
            project_module=project_module,
            source_identifier=source_identifier,
            enabled=enabled,
            discovery_state=discovery_state,
            discovered_at=discovered_at,
            needs_processing=needs_processing,
            created_at=created_at,
            updated_at=updated_at,
            discovery_error=discovery_error,
            config_version=config_version,
            signature=signature,
            metadata=metadata,
            discovery_flags=discovery_flags,
            ready=ready,
            blocked_by=blocked_by,
            automation=automation,
        )

        source_status.additional_properties = d
        return source_status

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
