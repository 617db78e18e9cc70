from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.execution_comparison_backend_a_kind import (
    ExecutionComparisonBackendAKind,
    check_execution_comparison_backend_a_kind,
)

T = TypeVar("T", bound="ExecutionComparisonBackendA")


@_attrs_define
class ExecutionComparisonBackendA:
    """
    Attributes:
        kind (ExecutionComparisonBackendAKind):
        target (None | str):
        scheduler_job_id (None | str):
        translator_version (None | str):
    """

    kind: ExecutionComparisonBackendAKind
    target: None | str
    scheduler_job_id: None | str
    translator_version: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        target: None | str
        target = self.target

        scheduler_job_id: None | str
        scheduler_job_id = self.scheduler_job_id

        translator_version: None | str
        translator_version = self.translator_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "target": target,
                "scheduler_job_id": scheduler_job_id,
                "translator_version": translator_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_execution_comparison_backend_a_kind(d.pop("kind"))

        def _parse_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target = _parse_target(d.pop("target"))

        def _parse_scheduler_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduler_job_id = _parse_scheduler_job_id(d.pop("scheduler_job_id"))

        def _parse_translator_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        translator_version = _parse_translator_version(d.pop("translator_version"))

        execution_comparison_backend_a = cls(
            kind=kind,
            target=target,
            scheduler_job_id=scheduler_job_id,
            translator_version=translator_version,
        )

        execution_comparison_backend_a.additional_properties = d
        return execution_comparison_backend_a

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
