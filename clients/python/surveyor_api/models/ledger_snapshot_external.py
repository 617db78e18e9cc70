from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerSnapshotExternal")


@_attrs_define
class LedgerSnapshotExternal:
    """
    Attributes:
        scheduler_job_id (None | str):
        backend_target (None | str):
        intent (Any):
        previous_attempts (Any):
    """

    scheduler_job_id: None | str
    backend_target: None | str
    intent: Any
    previous_attempts: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scheduler_job_id: None | str
        scheduler_job_id = self.scheduler_job_id

        backend_target: None | str
        backend_target = self.backend_target

        intent = self.intent

        previous_attempts = self.previous_attempts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scheduler_job_id": scheduler_job_id,
                "backend_target": backend_target,
                "intent": intent,
                "previous_attempts": previous_attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_scheduler_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduler_job_id = _parse_scheduler_job_id(d.pop("scheduler_job_id"))

        def _parse_backend_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        backend_target = _parse_backend_target(d.pop("backend_target"))

        intent = d.pop("intent")

        previous_attempts = d.pop("previous_attempts")

        ledger_snapshot_external = cls(
            scheduler_job_id=scheduler_job_id,
            backend_target=backend_target,
            intent=intent,
            previous_attempts=previous_attempts,
        )

        ledger_snapshot_external.additional_properties = d
        return ledger_snapshot_external

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
