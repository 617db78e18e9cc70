from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.execution_comparison_outcome_a_state import (
    ExecutionComparisonOutcomeAState,
    check_execution_comparison_outcome_a_state,
)

T = TypeVar("T", bound="ExecutionComparisonOutcomeA")


@_attrs_define
class ExecutionComparisonOutcomeA:
    """
    Attributes:
        state (ExecutionComparisonOutcomeAState):
        attempt (float):
        error (None | str):
        remote_state (None | str):
        failed_drops (list[str]):
    """

    state: ExecutionComparisonOutcomeAState
    attempt: float
    error: None | str
    remote_state: None | str
    failed_drops: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        state: str = self.state

        attempt = self.attempt

        error: None | str
        error = self.error

        remote_state: None | str
        remote_state = self.remote_state

        failed_drops = self.failed_drops

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "state": state,
                "attempt": attempt,
                "error": error,
                "remote_state": remote_state,
                "failed_drops": failed_drops,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        state = check_execution_comparison_outcome_a_state(d.pop("state"))

        attempt = d.pop("attempt")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_remote_state(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        remote_state = _parse_remote_state(d.pop("remote_state"))

        failed_drops = cast(list[str], d.pop("failed_drops"))

        execution_comparison_outcome_a = cls(
            state=state,
            attempt=attempt,
            error=error,
            remote_state=remote_state,
            failed_drops=failed_drops,
        )

        execution_comparison_outcome_a.additional_properties = d
        return execution_comparison_outcome_a

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
