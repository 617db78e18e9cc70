from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerSnapshotTransitionsItem")


@_attrs_define
class LedgerSnapshotTransitionsItem:
    """
    Attributes:
        event_id (float):
        kind (str):
        attempt (Any):
        actor (None | str):
        at (datetime.datetime):
    """

    event_id: float
    kind: str
    attempt: Any
    actor: None | str
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        kind = self.kind

        attempt = self.attempt

        actor: None | str
        actor = self.actor

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event_id": event_id,
                "kind": kind,
                "attempt": attempt,
                "actor": actor,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        kind = d.pop("kind")

        attempt = d.pop("attempt")

        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor = _parse_actor(d.pop("actor"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        ledger_snapshot_transitions_item = cls(
            event_id=event_id,
            kind=kind,
            attempt=attempt,
            actor=actor,
            at=at,
        )

        ledger_snapshot_transitions_item.additional_properties = d
        return ledger_snapshot_transitions_item

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
