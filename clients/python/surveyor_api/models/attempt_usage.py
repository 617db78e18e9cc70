from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.attempt_usage_backend import (
    AttemptUsageBackend,
    check_attempt_usage_backend,
)
from ..models.attempt_usage_outcome import (
    AttemptUsageOutcome,
    check_attempt_usage_outcome,
)
from ..models.attempt_usage_source import AttemptUsageSource, check_attempt_usage_source

T = TypeVar("T", bound="AttemptUsage")


@_attrs_define
class AttemptUsage:
    """
    Attributes:
        attempt (float):
        outcome (AttemptUsageOutcome):
        source (AttemptUsageSource):
        backend (AttemptUsageBackend):
        profile_name (str):
        job_id (None | str):
        submitted_at (datetime.datetime | None):
        started_at (datetime.datetime | None):
        ended_at (datetime.datetime):
        queue_seconds (float):
        run_seconds (float):
        nodes (float):
        cpus (float | None):
        node_hours (float):
        cpu_hours (float | None):
        max_rss_bytes (float | None):
        remote_state (str):
        exit_code (None | str):
    """

    attempt: float
    outcome: AttemptUsageOutcome
    source: AttemptUsageSource
    backend: AttemptUsageBackend
    profile_name: str
    job_id: None | str
    submitted_at: datetime.datetime | None
    started_at: datetime.datetime | None
    ended_at: datetime.datetime
    queue_seconds: float
    run_seconds: float
    nodes: float
    cpus: float | None
    node_hours: float
    cpu_hours: float | None
    max_rss_bytes: float | None
    remote_state: str
    exit_code: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        outcome: str = self.outcome

        source: str = self.source

        backend: str = self.backend

        profile_name = self.profile_name

        job_id: None | str
        job_id = self.job_id

        submitted_at: None | str
        if isinstance(self.submitted_at, datetime.datetime):
            submitted_at = self.submitted_at.isoformat()
        else:
            submitted_at = self.submitted_at

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        ended_at = self.ended_at.isoformat()

        queue_seconds = self.queue_seconds

        run_seconds = self.run_seconds

        nodes = self.nodes

        cpus: float | None
        cpus = self.cpus

        node_hours = self.node_hours

        cpu_hours: float | None
        cpu_hours = self.cpu_hours

        max_rss_bytes: float | None
        max_rss_bytes = self.max_rss_bytes

        remote_state = self.remote_state

        exit_code: None | str
        exit_code = self.exit_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "outcome": outcome,
                "source": source,
                "backend": backend,
                "profile_name": profile_name,
                "job_id": job_id,
                "submitted_at": submitted_at,
                "started_at": started_at,
                "ended_at": ended_at,
                "queue_seconds": queue_seconds,
                "run_seconds": run_seconds,
                "nodes": nodes,
                "cpus": cpus,
                "node_hours": node_hours,
                "cpu_hours": cpu_hours,
                "max_rss_bytes": max_rss_bytes,
                "remote_state": remote_state,
                "exit_code": exit_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        outcome = check_attempt_usage_outcome(d.pop("outcome"))

        source = check_attempt_usage_source(d.pop("source"))

        backend = check_attempt_usage_backend(d.pop("backend"))

        profile_name = d.pop("profile_name")

        def _parse_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_id = _parse_job_id(d.pop("job_id"))

        def _parse_submitted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                submitted_at_type_0 = datetime.datetime.fromisoformat(data)

                return submitted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        submitted_at = _parse_submitted_at(d.pop("submitted_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        queue_seconds = d.pop("queue_seconds")

        run_seconds = d.pop("run_seconds")

        nodes = d.pop("nodes")

        def _parse_cpus(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cpus = _parse_cpus(d.pop("cpus"))

        node_hours = d.pop("node_hours")

        def _parse_cpu_hours(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cpu_hours = _parse_cpu_hours(d.pop("cpu_hours"))

        def _parse_max_rss_bytes(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        max_rss_bytes = _parse_max_rss_bytes(d.pop("max_rss_bytes"))

        remote_state = d.pop("remote_state")

        def _parse_exit_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        exit_code = _parse_exit_code(d.pop("exit_code"))

        attempt_usage = cls(
            attempt=attempt,
            outcome=outcome,
            source=source,
            backend=backend,
            profile_name=profile_name,
            job_id=job_id,
            submitted_at=submitted_at,
            started_at=started_at,
            ended_at=ended_at,
            queue_seconds=queue_seconds,
            run_seconds=run_seconds,
            nodes=nodes,
            cpus=cpus,
            node_hours=node_hours,
            cpu_hours=cpu_hours,
            max_rss_bytes=max_rss_bytes,
            remote_state=remote_state,
            exit_code=exit_code,
        )

        attempt_usage.additional_properties = d
        return attempt_usage

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
