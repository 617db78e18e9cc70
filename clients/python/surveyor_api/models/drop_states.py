from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.drop_states_source import DropStatesSource, check_drop_states_source

if TYPE_CHECKING:
    from ..models.drop_states_counts import DropStatesCounts
    from ..models.drop_states_states import DropStatesStates


T = TypeVar("T", bound="DropStates")


@_attrs_define
class DropStates:
    """
    Attributes:
        execution_id (str):
        attempt (float):
        source (DropStatesSource):
        read_at (str):
        states (DropStatesStates):
        counts (DropStatesCounts):
        note (None | str):
    """

    execution_id: str
    attempt: float
    source: DropStatesSource
    read_at: str
    states: DropStatesStates
    counts: DropStatesCounts
    note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        execution_id = self.execution_id

        attempt = self.attempt

        source: str = self.source

        read_at = self.read_at

        states = self.states.to_dict()

        counts = self.counts.to_dict()

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "execution_id": execution_id,
                "attempt": attempt,
                "source": source,
                "read_at": read_at,
                "states": states,
                "counts": counts,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.drop_states_counts import DropStatesCounts
        from ..models.drop_states_states import DropStatesStates

        d = dict(src_dict)
        execution_id = d.pop("execution_id")

        attempt = d.pop("attempt")

        source = check_drop_states_source(d.pop("source"))

        read_at = d.pop("read_at")

        states = DropStatesStates.from_dict(d.pop("states"))

        counts = DropStatesCounts.from_dict(d.pop("counts"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        drop_states = cls(
            execution_id=execution_id,
            attempt=attempt,
            source=source,
            read_at=read_at,
            states=states,
            counts=counts,
            note=note,
        )

        drop_states.additional_properties = d
        return drop_states

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
