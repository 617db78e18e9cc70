from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.execution_summary_phase import (
    ExecutionSummaryPhase,
    check_execution_summary_phase,
)
from ..models.execution_summary_state import (
    ExecutionSummaryState,
    check_execution_summary_state,
)

if TYPE_CHECKING:
    from ..models.execution_summary_durations_seconds import (
        ExecutionSummaryDurationsSeconds,
    )
    from ..models.execution_summary_usage import ExecutionSummaryUsage


T = TypeVar("T", bound="ExecutionSummary")


@_attrs_define
class ExecutionSummary:
    """
    Attributes:
        uuid (str):
        project_module (str):
        state (ExecutionSummaryState):
        phase (ExecutionSummaryPhase):
        attempt (float):
        dry_run (bool):
        sources (float):
        scheduler_job_id (None | str):
        remote_state (None | str):
        error (None | str):
        failed_drops (list[str]):
        durations_seconds (ExecutionSummaryDurationsSeconds):
        created_at (datetime.datetime):
        execute_requested_at (datetime.datetime | None):
        submitted_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        events (float):
        usage (ExecutionSummaryUsage):
    """

    uuid: str
    project_module: str
    state: ExecutionSummaryState
    phase: ExecutionSummaryPhase
    attempt: float
    dry_run: bool
    sources: float
    scheduler_job_id: None | str
    remote_state: None | str
    error: None | str
    failed_drops: list[str]
    durations_seconds: ExecutionSummaryDurationsSeconds
    created_at: datetime.datetime
    execute_requested_at: datetime.datetime | None
    submitted_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    events: float
    usage: ExecutionSummaryUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uuid = self.uuid

        project_module = self.project_module

        state: str = self.state

        phase: str = self.phase

        attempt = self.attempt

        dry_run = self.dry_run

        sources = self.sources

        scheduler_job_id: None | str
        scheduler_job_id = self.scheduler_job_id

        remote_state: None | str
        remote_state = self.remote_state

        error: None | str
        error = self.error

        failed_drops = self.failed_drops

        durations_seconds = self.durations_seconds.to_dict()

        created_at = self.created_at.isoformat()

        execute_requested_at: None | str
        if isinstance(self.execute_requested_at, datetime.datetime):
            execute_requested_at = self.execute_requested_at.isoformat()
        else:
            execute_requested_at = self.execute_requested_at

        submitted_at: None | str
        if isinstance(self.submitted_at, datetime.datetime):
            submitted_at = self.submitted_at.isoformat()
        else:
            submitted_at = self.submitted_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        events = self.events

        usage = self.usage.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uuid": uuid,
                "project_module": project_module,
                "state": state,
                "phase": phase,
                "attempt": attempt,
                "dry_run": dry_run,
                "sources": sources,
                "scheduler_job_id": scheduler_job_id,
                "remote_state": remote_state,
                "error": error,
                "failed_drops": failed_drops,
                "durations_seconds": durations_seconds,
                "created_at": created_at,
                "execute_requested_at": execute_requested_at,
                "submitted_at": submitted_at,
                "finished_at": finished_at,
                "events": events,
                "usage": usage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_summary_durations_seconds import (
            ExecutionSummaryDurationsSeconds,
        )
        from ..models.execution_summary_usage import ExecutionSummaryUsage

        d = dict(src_dict)
        uuid = d.pop("uuid")

        project_module = d.pop("project_module")

        state = check_execution_summary_state(d.pop("state"))

        phase = check_execution_summary_phase(d.pop("phase"))

        attempt = d.pop("attempt")

        dry_run = d.pop("dry_run")

        sources = d.pop("sources")

        def _parse_scheduler_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduler_job_id = _parse_scheduler_job_id(d.pop("scheduler_job_id"))

        def _parse_remote_state(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        remote_state = _parse_remote_state(d.pop("remote_state"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        failed_drops = cast(list[str], d.pop("failed_drops"))

        durations_seconds = ExecutionSummaryDurationsSeconds.from_dict(
            d.pop("durations_seconds")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_execute_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                execute_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return execute_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        execute_requested_at = _parse_execute_requested_at(
            d.pop("execute_requested_at")
        )

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

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        events = d.pop("events")

        usage = ExecutionSummaryUsage.from_dict(d.pop("usage"))

        execution_summary = cls(
            uuid=uuid,
            project_module=project_module,
            state=state,
            phase=phase,
            attempt=attempt,
            dry_run=dry_run,
            sources=sources,
            scheduler_job_id=scheduler_job_id,
            remote_state=remote_state,
            error=error,
            failed_drops=failed_drops,
            durations_seconds=durations_seconds,
            created_at=created_at,
            execute_requested_at=execute_requested_at,
            submitted_at=submitted_at,
            finished_at=finished_at,
            events=events,
            usage=usage,
        )

        execution_summary.additional_properties = d
        return execution_summary

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
