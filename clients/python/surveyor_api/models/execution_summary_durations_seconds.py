from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExecutionSummaryDurationsSeconds")


@_attrs_define
class ExecutionSummaryDurationsSeconds:
    """
    Attributes:
        waiting (float | None):
        stage (float | None):
        translate (float | None):
        submit (float | None):
        poll (float | None):
        remote_queue (float | None):
        total (float | None):
    """

    waiting: float | None
    stage: float | None
    translate: float | None
    submit: float | None
    poll: float | None
    remote_queue: float | None
    total: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        waiting: float | None
        waiting = self.waiting

        stage: float | None
        stage = self.stage

        translate: float | None
        translate = self.translate

        submit: float | None
        submit = self.submit

        poll: float | None
        poll = self.poll

        remote_queue: float | None
        remote_queue = self.remote_queue

        total: float | None
        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "waiting": waiting,
                "stage": stage,
                "translate": translate,
                "submit": submit,
                "poll": poll,
                "remote_queue": remote_queue,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_waiting(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        waiting = _parse_waiting(d.pop("waiting"))

        def _parse_stage(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        stage = _parse_stage(d.pop("stage"))

        def _parse_translate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        translate = _parse_translate(d.pop("translate"))

        def _parse_submit(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        submit = _parse_submit(d.pop("submit"))

        def _parse_poll(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        poll = _parse_poll(d.pop("poll"))

        def _parse_remote_queue(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        remote_queue = _parse_remote_queue(d.pop("remote_queue"))

        def _parse_total(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        total = _parse_total(d.pop("total"))

        execution_summary_durations_seconds = cls(
            waiting=waiting,
            stage=stage,
            translate=translate,
            submit=submit,
            poll=poll,
            remote_queue=remote_queue,
            total=total,
        )

        execution_summary_durations_seconds.additional_properties = d
        return execution_summary_durations_seconds

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
