from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DropStatesCounts")


@_attrs_define
class DropStatesCounts:
    """
    Attributes:
        waiting (float):
        running (float):
        done (float):
        error (float):
        cancelled (float):
        skipped (float):
    """

    waiting: float
    running: float
    done: float
    error: float
    cancelled: float
    skipped: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        waiting = self.waiting

        running = self.running

        done = self.done

        error = self.error

        cancelled = self.cancelled

        skipped = self.skipped

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "waiting": waiting,
                "running": running,
                "done": done,
                "error": error,
                "cancelled": cancelled,
                "skipped": skipped,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        waiting = d.pop("waiting")

        running = d.pop("running")

        done = d.pop("done")

        error = d.pop("error")

        cancelled = d.pop("cancelled")

        skipped = d.pop("skipped")

        drop_states_counts = cls(
            waiting=waiting,
            running=running,
            done=done,
            error=error,
            cancelled=cancelled,
            skipped=skipped,
        )

        drop_states_counts.additional_properties = d
        return drop_states_counts

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
