from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.alert_rule_kind import AlertRuleKind, check_alert_rule_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertRule")


@_attrs_define
class AlertRule:
    """
    Attributes:
        id (str):
        name (str):
        kind (AlertRuleKind):
        enabled (bool):
        project_module (None | str):
        channels (list[str]):
        cooldown_minutes (float):
        version (float):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        states (list[str] | Unset):
        profile_name (None | str | Unset):
        minutes (float | Unset):
        max_depth (float | None | Unset):
        max_oldest_minutes (float | None | Unset):
        hour_utc (float | Unset):
        dependencies (list[str] | Unset):
        changes (list[str] | Unset):
    """

    id: str
    name: str
    kind: AlertRuleKind
    enabled: bool
    project_module: None | str
    channels: list[str]
    cooldown_minutes: float
    version: float
    created_at: datetime.datetime
    updated_at: datetime.datetime
    states: list[str] | Unset = UNSET
    profile_name: None | str | Unset = UNSET
    minutes: float | Unset = UNSET
    max_depth: float | None | Unset = UNSET
    max_oldest_minutes: float | None | Unset = UNSET
    hour_utc: float | Unset = UNSET
    dependencies: list[str] | Unset = UNSET
    changes: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind: str = self.kind

        enabled = self.enabled

        project_module: None | str
        project_module = self.project_module

        channels = self.channels

        cooldown_minutes = self.cooldown_minutes

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        states: list[str] | Unset = UNSET
        if not isinstance(self.states, Unset):
            states = self.states

        profile_name: None | str | Unset
        if isinstance(self.profile_name, Unset):
            profile_name = UNSET
        else:
            profile_name = self.profile_name

        minutes = self.minutes

        max_depth: float | None | Unset
        if isinstance(self.max_depth, Unset):
            max_depth = UNSET
        else:
            max_depth = self.max_depth

        max_oldest_minutes: float | None | Unset
        if isinstance(self.max_oldest_minutes, Unset):
            max_oldest_minutes = UNSET
        else:
            max_oldest_minutes = self.max_oldest_minutes

        hour_utc = self.hour_utc

        dependencies: list[str] | Unset = UNSET
        if not isinstance(self.dependencies, Unset):
            dependencies = self.dependencies

        changes: list[str] | Unset = UNSET
        if not isinstance(self.changes, Unset):
            changes = self.changes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "enabled": enabled,
                "project_module": project_module,
                "channels": channels,
                "cooldown_minutes": cooldown_minutes,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if states is not UNSET:
            field_dict["states"] = states
        if profile_name is not UNSET:
            field_dict["profile_name"] = profile_name
        if minutes is not UNSET:
            field_dict["minutes"] = minutes
        if max_depth is not UNSET:
            field_dict["max_depth"] = max_depth
        if max_oldest_minutes is not UNSET:
            field_dict["max_oldest_minutes"] = max_oldest_minutes
        if hour_utc is not UNSET:
            field_dict["hour_utc"] = hour_utc
        if dependencies is not UNSET:
            field_dict["dependencies"] = dependencies
        if changes is not UNSET:
            field_dict["changes"] = changes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_alert_rule_kind(d.pop("kind"))

        enabled = d.pop("enabled")

        def _parse_project_module(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_module = _parse_project_module(d.pop("project_module"))

        channels = cast(list[str], d.pop("channels"))

        cooldown_minutes = d.pop("cooldown_minutes")

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        states = cast(list[str], d.pop("states", UNSET))

        def _parse_profile_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile_name = _parse_profile_name(d.pop("profile_name", UNSET))

        minutes = d.pop("minutes", UNSET)

        def _parse_max_depth(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_depth = _parse_max_depth(d.pop("max_depth", UNSET))

        def _parse_max_oldest_minutes(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_oldest_minutes = _parse_max_oldest_minutes(
            d.pop("max_oldest_minutes", UNSET)
        )

        hour_utc = d.pop("hour_utc", UNSET)

        dependencies = cast(list[str], d.pop("dependencies", UNSET))

        changes = cast(list[str], d.pop("changes", UNSET))

        alert_rule = cls(
            id=id,
            name=name,
            kind=kind,
            enabled=enabled,
            project_module=project_module,
            channels=channels,
            cooldown_minutes=cooldown_minutes,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
            states=states,
            profile_name=profile_name,
            minutes=minutes,
            max_depth=max_depth,
            max_oldest_minutes=max_oldest_minutes,
            hour_utc=hour_utc,
            dependencies=dependencies,
            changes=changes,
        )

        alert_rule.additional_properties = d
        return alert_rule

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
