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

from ..models.alert_rule_input_type_12_changes_item import (
    AlertRuleInputType12ChangesItem,
    check_alert_rule_input_type_12_changes_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertRuleInputType12")


@_attrs_define
class AlertRuleInputType12:
    """
    Attributes:
        kind (Literal['account_changed']):
        name (str):
        channels (list[str]):
        enabled (bool | Unset):  Default: True.
        project_module (None | str | Unset):
        cooldown_minutes (int | Unset):  Default: 60.
        changes (list[AlertRuleInputType12ChangesItem] | Unset):
    """

    kind: Literal["account_changed"]
    name: str
    channels: list[str]
    enabled: bool | Unset = True
    project_module: None | str | Unset = UNSET
    cooldown_minutes: int | Unset = 60
    changes: list[AlertRuleInputType12ChangesItem] | Unset = UNSET

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

        changes: list[str] | Unset = UNSET
        if not isinstance(self.changes, Unset):
            changes = []
            for changes_item_data in self.changes:
                changes_item: str = changes_item_data
                changes.append(changes_item)

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
        if changes is not UNSET:
            field_dict["changes"] = changes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["account_changed"], d.pop("kind"))
        if kind != "account_changed":
            raise ValueError(f"kind must match const 'account_changed', got '{kind}'")

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

        _changes = d.pop("changes", UNSET)
        changes: list[AlertRuleInputType12ChangesItem] | Unset = UNSET
        if _changes is not UNSET:
            changes = []
            for changes_item_data in _changes:
                changes_item = check_alert_rule_input_type_12_changes_item(
                    changes_item_data
                )

                changes.append(changes_item)

        alert_rule_input_type_12 = cls(
            kind=kind,
            name=name,
            channels=channels,
            enabled=enabled,
            project_module=project_module,
            cooldown_minutes=cooldown_minutes,
            changes=changes,
        )

        return alert_rule_input_type_12
