from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_channel_kind import (
    NotificationChannelKind,
    check_notification_channel_kind,
)

if TYPE_CHECKING:
    from ..models.notification_channel_settings import NotificationChannelSettings


T = TypeVar("T", bound="NotificationChannel")


@_attrs_define
class NotificationChannel:
    """
    Attributes:
        id (str):
        name (str):
        description (str):
        kind (NotificationChannelKind):
        enabled (bool):
        settings (NotificationChannelSettings):
        sealed_fields (list[str]):
        version (float):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    description: str
    kind: NotificationChannelKind
    enabled: bool
    settings: NotificationChannelSettings
    sealed_fields: list[str]
    version: float
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        description = self.description

        kind: str = self.kind

        enabled = self.enabled

        settings = self.settings.to_dict()

        sealed_fields = self.sealed_fields

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "kind": kind,
                "enabled": enabled,
                "settings": settings,
                "sealed_fields": sealed_fields,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification_channel_settings import NotificationChannelSettings

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        description = d.pop("description")

        kind = check_notification_channel_kind(d.pop("kind"))

        enabled = d.pop("enabled")

        settings = NotificationChannelSettings.from_dict(d.pop("settings"))

        sealed_fields = cast(list[str], d.pop("sealed_fields"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        notification_channel = cls(
            id=id,
            name=name,
            description=description,
            kind=kind,
            enabled=enabled,
            settings=settings,
            sealed_fields=sealed_fields,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
        )

        notification_channel.additional_properties = d
        return notification_channel

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
