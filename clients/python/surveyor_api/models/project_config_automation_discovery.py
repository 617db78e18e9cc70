from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigAutomationDiscovery")


@_attrs_define
class ProjectConfigAutomationDiscovery:
    """
    Attributes:
        enabled (bool | Unset):  Default: False.
        every_minutes (int | Unset):  Default: 60.
        sources_per_tick (int | Unset):  Default: 1000.
        batch_size (int | Unset):  Default: 10.
        batches_in_flight (int | Unset):  Default: 24.
        stale_after_hours (int | Unset):  Default: 24.
    """

    enabled: bool | Unset = False
    every_minutes: int | Unset = 60
    sources_per_tick: int | Unset = 1000
    batch_size: int | Unset = 10
    batches_in_flight: int | Unset = 24
    stale_after_hours: int | Unset = 24

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        every_minutes = self.every_minutes

        sources_per_tick = self.sources_per_tick

        batch_size = self.batch_size

        batches_in_flight = self.batches_in_flight

        stale_after_hours = self.stale_after_hours

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if every_minutes is not UNSET:
            field_dict["every_minutes"] = every_minutes
        if sources_per_tick is not UNSET:
            field_dict["sources_per_tick"] = sources_per_tick
        if batch_size is not UNSET:
            field_dict["batch_size"] = batch_size
        if batches_in_flight is not UNSET:
            field_dict["batches_in_flight"] = batches_in_flight
        if stale_after_hours is not UNSET:
            field_dict["stale_after_hours"] = stale_after_hours

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        every_minutes = d.pop("every_minutes", UNSET)

        sources_per_tick = d.pop("sources_per_tick", UNSET)

        batch_size = d.pop("batch_size", UNSET)

        batches_in_flight = d.pop("batches_in_flight", UNSET)

        stale_after_hours = d.pop("stale_after_hours", UNSET)

        project_config_automation_discovery = cls(
            enabled=enabled,
            every_minutes=every_minutes,
            sources_per_tick=sources_per_tick,
            batch_size=batch_size,
            batches_in_flight=batches_in_flight,
            stale_after_hours=stale_after_hours,
        )

        return project_config_automation_discovery
