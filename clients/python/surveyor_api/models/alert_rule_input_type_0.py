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

from ..models.alert_rule_input_type_0_states_item import (
    AlertRuleInputType0StatesItem,
    check_alert_rule_input_type_0_states_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertRuleInputType0")


@_attrs_define
class AlertRuleInputType0:
    """
    Attributes:
        kind (Literal['execution_ended']):
        name (str):
        channels (list[str]):
        enabled (bool | Unset):  Default: True.
        project_module (None | str | Unset):
        cooldown_minutes (int | Unset):  Default: 60.
        states (list[AlertRuleInputType0StatesItem] | Unset):
        profile_name (None | str | Unset):
    """

    kind: Literal["execution_ended"]
    name: str
    channels: list[str]
    enabled: bool | Unset = True
    project_module: None | str | Unset = UNSET
    cooldown_minutes: int | Unset = 60
    states: list[AlertRuleInputType0StatesItem] | Unset = UNSET
    profile_name: None | str | Unset = UNSET

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

        states: list[str] | Unset = UNSET
        if not isinstance(self.states, Unset):
            states = []
            for states_item_data in self.states:
                states_item: str = states_item_data
                states.append(states_item)

        profile_name: None | str | Unset
        if isinstance(self.profile_name, Unset):
            profile_name = UNSET
        else:
            profile_name = self.profile_name

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
        if states is not UNSET:
            field_dict["states"] = states
        if profile_name is not UNSET:
            field_dict["profile_name"] = profile_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["execution_ended"], d.pop("kind"))
        if kind != "execution_ended":
            raise ValueError(f"kind must match const 'execution_ended', got '{kind}'")

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

        _states = d.pop("states", UNSET)
        states: list[AlertRuleInputType0StatesItem] | Unset = UNSET
        if _states is not UNSET:
            states = []
            for states_item_data in _states:
                states_item = check_alert_rule_input_type_0_states_item(
                    states_item_data
                )

                states.append(states_item)

        def _parse_profile_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile_name = _parse_profile_name(d.pop("profile_name", UNSET))

        alert_rule_input_type_0 = cls(
            kind=kind,
            name=name,
            channels=channels,
            enabled=enabled,
            project_module=project_module,
            cooldown_minutes=cooldown_minutes,
            states=states,
            profile_name=profile_name,
        )

        return alert_rule_input_type_0
