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

from ..models.alert_rule_input_type_7_dependencies_item import (
    AlertRuleInputType7DependenciesItem,
    check_alert_rule_input_type_7_dependencies_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AlertRuleInputType7")


@_attrs_define
class AlertRuleInputType7:
    """
    Attributes:
        kind (Literal['dependency_down']):
        name (str):
        channels (list[str]):
        enabled (bool | Unset):  Default: True.
        project_module (None | str | Unset):
        cooldown_minutes (int | Unset):  Default: 60.
        dependencies (list[AlertRuleInputType7DependenciesItem] | Unset):
        minutes (int | Unset):  Default: 10.
    """

    kind: Literal["dependency_down"]
    name: str
    channels: list[str]
    enabled: bool | Unset = True
    project_module: None | str | Unset = UNSET
    cooldown_minutes: int | Unset = 60
    dependencies: list[AlertRuleInputType7DependenciesItem] | Unset = UNSET
    minutes: int | Unset = 10

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

        dependencies: list[str] | Unset = UNSET
        if not isinstance(self.dependencies, Unset):
            dependencies = []
            for dependencies_item_data in self.dependencies:
                dependencies_item: str = dependencies_item_data
                dependencies.append(dependencies_item)

        minutes = self.minutes

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
        if dependencies is not UNSET:
            field_dict["dependencies"] = dependencies
        if minutes is not UNSET:
            field_dict["minutes"] = minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["dependency_down"], d.pop("kind"))
        if kind != "dependency_down":
            raise ValueError(f"kind must match const 'dependency_down', got '{kind}'")

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

        _dependencies = d.pop("dependencies", UNSET)
        dependencies: list[AlertRuleInputType7DependenciesItem] | Unset = UNSET
        if _dependencies is not UNSET:
            dependencies = []
            for dependencies_item_data in _dependencies:
                dependencies_item = check_alert_rule_input_type_7_dependencies_item(
                    dependencies_item_data
                )

                dependencies.append(dependencies_item)

        minutes = d.pop("minutes", UNSET)

        alert_rule_input_type_7 = cls(
            kind=kind,
            name=name,
            channels=channels,
            enabled=enabled,
            project_module=project_module,
            cooldown_minutes=cooldown_minutes,
            dependencies=dependencies,
            minutes=minutes,
        )

        return alert_rule_input_type_7
