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

T = TypeVar("T", bound="AlertRuleInputType3")


@_attrs_define
class AlertRuleInputType3:
    """
    Attributes:
        kind (Literal['pending_too_long']):
        name (str):
        channels (list[str]):
        minutes (int):
        enabled (bool | Unset):  Default: True.
        project_module (None | str | Unset):
        cooldown_minutes (int | Unset):  Default: 60.
    """

    kind: Literal["pending_too_long"]
    name: str
    channels: list[str]
    minutes: int
    enabled: bool | Unset = True
    project_module: None | str | Unset = UNSET
    cooldown_minutes: int | Unset = 60

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        channels = self.channels

        minutes = self.minutes

        enabled = self.enabled

        project_module: None | str | Unset
        if isinstance(self.project_module, Unset):
            project_module = UNSET
        else:
            project_module = self.project_module

        cooldown_minutes = self.cooldown_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
                "channels": channels,
                "minutes": minutes,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if project_module is not UNSET:
            field_dict["project_module"] = project_module
        if cooldown_minutes is not UNSET:
            field_dict["cooldown_minutes"] = cooldown_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["pending_too_long"], d.pop("kind"))
        if kind != "pending_too_long":
            raise ValueError(f"kind must match const 'pending_too_long', got '{kind}'")

        name = d.pop("name")

        channels = cast(list[str], d.pop("channels"))

        minutes = d.pop("minutes")

        enabled = d.pop("enabled", UNSET)

        def _parse_project_module(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_module = _parse_project_module(d.pop("project_module", UNSET))

        cooldown_minutes = d.pop("cooldown_minutes", UNSET)

        alert_rule_input_type_3 = cls(
            kind=kind,
            name=name,
            channels=channels,
            minutes=minutes,
            enabled=enabled,
            project_module=project_module,
            cooldown_minutes=cooldown_minutes,
        )

        return alert_rule_input_type_3
