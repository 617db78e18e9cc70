from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OverviewQueue")


@_attrs_define
class OverviewQueue:
    """
    Attributes:
        queued (float):
        running (float):
        dead (float):
        oldest_queued_age_seconds (float):
    """

    queued: float
    running: float
    dead: float
    oldest_queued_age_seconds: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        queued = self.queued

        running = self.running

        dead = self.dead

        oldest_queued_age_seconds = self.oldest_queued_age_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "queued": queued,
                "running": running,
                "dead": dead,
                "oldest_queued_age_seconds": oldest_queued_age_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        queued = d.pop("queued")

        running = d.pop("running")

        dead = d.pop("dead")

        oldest_queued_age_seconds = d.pop("oldest_queued_age_seconds")

        overview_queue = cls(
            queued=queued,
            running=running,
            dead=dead,
            oldest_queued_age_seconds=oldest_queued_age_seconds,
        )

        overview_queue.additional_properties = d
        return overview_queue

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
