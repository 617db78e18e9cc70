from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertRuleInputType4")


@_attrs_define
class AlertRuleInputType4:
    """
    Attributes:
        kind (Literal['queue_backlog']):
        name (str):
        channels (list[str]):
        enabled (bool | Unset):  Default: True.
        project_module (None | str | Unset):
        cooldown_minutes (int | Unset):  Default: 60.
        max_depth (int | None | Unset):
        max_oldest_minutes (int | None | Unset):
    """

    kind: Literal["queue_backlog"]
    name: str
    channels: list[str]
    enabled: bool | Unset = True
    project_module: None | str | Unset = UNSET
    cooldown_minutes: int | Unset = 60
    max_depth: int | None | Unset = UNSET
    max_oldest_minutes: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        channels = self.channels

        enabled = self.enabled

        project_module: None | str | Unset
        if isinstance(self.project_module, Unset):
            project_module = UNSET
        else:
            project_module = self.project_module

        cooldown_minutes = self.cooldown_minutes

        max_depth: int | None | Unset
        if isinstance(self.max_depth, Unset):
            max_depth = UNSET
        else:
            max_depth = self.max_depth

        max_oldest_minutes: int | None | Unset
        if isinstance(self.max_oldest_minutes, Unset):
            max_oldest_minutes = UNSET
        else:
            max_oldest_minutes = self.max_oldest_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
                "channels": channels,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if project_module is not UNSET:
            field_dict["project_module"] = project_module
        if cooldown_minutes is not UNSET:
            field_dict["cooldown_minutes"] = cooldown_minutes
        if max_depth is not UNSET:
            field_dict["max_depth"] = max_depth
        if max_oldest_minutes is not UNSET:
            field_dict["max_oldest_minutes"] = max_oldest_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["queue_backlog"], d.pop("kind"))
        if kind != "queue_backlog":
            raise ValueError(f"kind must match const 'queue_backlog', got '{kind}'")

        name = d.pop("name")

        channels = cast(list[str], d.pop("channels"))

        enabled = d.pop("enabled", UNSET)

        def _parse_project_module(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_module = _parse_project_module(d.pop("project_module", UNSET))

        cooldown_minutes = d.pop("cooldown_minutes", UNSET)

        def _parse_max_depth(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_depth = _parse_max_depth(d.pop("max_depth", UNSET))

        def _parse_max_oldest_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_oldest_minutes = _parse_max_oldest_minutes(
            d.pop("max_oldest_minutes", UNSET)
        )

        alert_rule_input_type_4 = cls(
            kind=kind,
            name=name,
            channels=channels,
            enabled=enabled,
            project_module=project_module,
            cooldown_minutes=cooldown_minutes,
            max_depth=max_depth,
            max_oldest_minutes=max_oldest_minutes,
        )

        return alert_rule_input_type_4
