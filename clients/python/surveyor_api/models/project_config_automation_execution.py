from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigAutomationExecution")


@_attrs_define
class ProjectConfigAutomationExecution:
    """
    Attributes:
        enabled (bool | Unset):  Default: False.
        archive_name (str | Unset):
        deployment_profile_name (str | Unset):
        max_sources_per_execution (int | Unset):  Default: 1.
        sources_per_tick (int | Unset):  Default: 1000.
        runs_per_tick (int | Unset):  Default: 50.
        concurrent_runs (int | Unset):  Default: 10.
        min_sources_to_trigger (int | Unset):  Default: 1.
        max_wait_minutes (int | Unset):  Default: 1440.
        claim_ttl_minutes (int | Unset):  Default: 180.
        poll_interval_seconds (int | Unset):  Default: 60.
        poll_max_rounds (int | Unset):  Default: 40.
        max_queue_wait_minutes (int | Unset):
        max_failed_runs (int | Unset):  Default: 3.
        retry_wait_minutes (int | Unset):  Default: 30.
    """

    enabled: bool | Unset = False
    archive_name: str | Unset = UNSET
    deployment_profile_name: str | Unset = UNSET
    max_sources_per_execution: int | Unset = 1
    sources_per_tick: int | Unset = 1000
    runs_per_tick: int | Unset = 50
    concurrent_runs: int | Unset = 10
    min_sources_to_trigger: int | Unset = 1
    max_wait_minutes: int | Unset = 1440
    claim_ttl_minutes: int | Unset = 180
    poll_interval_seconds: int | Unset = 60
    poll_max_rounds: int | Unset = 40
    max_queue_wait_minutes: int | Unset = UNSET
    max_failed_runs: int | Unset = 3
    retry_wait_minutes: int | Unset = 30

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        archive_name = self.archive_name

        deployment_profile_name = self.deployment_profile_name

        max_sources_per_execution = self.max_sources_per_execution

        sources_per_tick = self.sources_per_tick

        runs_per_tick = self.runs_per_tick

        concurrent_runs = self.concurrent_runs

        min_sources_to_trigger = self.min_sources_to_trigger

        max_wait_minutes = self.max_wait_minutes

        claim_ttl_minutes = self.claim_ttl_minutes

        poll_interval_seconds = self.poll_interval_seconds

        poll_max_rounds = self.poll_max_rounds

        max_queue_wait_minutes = self.max_queue_wait_minutes

        max_failed_runs = self.max_failed_runs

        retry_wait_minutes = self.retry_wait_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if archive_name is not UNSET:
            field_dict["archive_name"] = archive_name
        if deployment_profile_name is not UNSET:
            field_dict["deployment_profile_name"] = deployment_profile_name
        if max_sources_per_execution is not UNSET:
            field_dict["max_sources_per_execution"] = max_sources_per_execution
        if sources_per_tick is not UNSET:
            field_dict["sources_per_tick"] = sources_per_tick
        if runs_per_tick is not UNSET:
            field_dict["runs_per_tick"] = runs_per_tick
        if concurrent_runs is not UNSET:
            field_dict["concurrent_runs"] = concurrent_runs
        if min_sources_to_trigger is not UNSET:
            field_dict["min_sources_to_trigger"] = min_sources_to_trigger
        if max_wait_minutes is not UNSET:
            field_dict["max_wait_minutes"] = max_wait_minutes
        if claim_ttl_minutes is not UNSET:
            field_dict["claim_ttl_minutes"] = claim_ttl_minutes
        if poll_interval_seconds is not UNSET:
            field_dict["poll_interval_seconds"] = poll_interval_seconds
        if poll_max_rounds is not UNSET:
            field_dict["poll_max_rounds"] = poll_max_rounds
        if max_queue_wait_minutes is not UNSET:
            field_dict["max_queue_wait_minutes"] = max_queue_wait_minutes
        if max_failed_runs is not UNSET:
            field_dict["max_failed_runs"] = max_failed_runs
        if retry_wait_minutes is not UNSET:
            field_dict["retry_wait_minutes"] = retry_wait_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        archive_name = d.pop("archive_name", UNSET)

        deployment_profile_name = d.pop("deployment_profile_name", UNSET)

        max_sources_per_execution = d.pop("max_sources_per_execution", UNSET)

        sources_per_tick = d.pop("sources_per_tick", UNSET)

        runs_per_tick = d.pop("runs_per_tick", UNSET)

        concurrent_runs = d.pop("concurrent_runs", UNSET)

        min_sources_to_trigger = d.pop("min_sources_to_trigger", UNSET)

        max_wait_minutes = d.pop("max_wait_minutes", UNSET)

        claim_ttl_minutes = d.pop("claim_ttl_minutes", UNSET)

        poll_interval_seconds = d.pop("poll_interval_seconds", UNSET)

        poll_max_rounds = d.pop("poll_max_rounds", UNSET)

        max_queue_wait_minutes = d.pop("max_queue_wait_minutes", UNSET)

        max_failed_runs = d.pop("max_failed_runs", UNSET)

        retry_wait_minutes = d.pop("retry_wait_minutes", UNSET)

        project_config_automation_execution = cls(
            enabled=enabled,
            archive_name=archive_name,
            deployment_profile_name=deployment_profile_name,
            max_sources_per_execution=max_sources_per_execution,
            sources_per_tick=sources_per_tick,
            runs_per_tick=runs_per_tick,
            concurrent_runs=concurrent_runs,
            min_sources_to_trigger=min_sources_to_trigger,
            max_wait_minutes=max_wait_minutes,
            claim_ttl_minutes=claim_ttl_minutes,
            poll_interval_seconds=poll_interval_seconds,
            poll_max_rounds=poll_max_rounds,
            max_queue_wait_minutes=max_queue_wait_minutes,
            max_failed_runs=max_failed_runs,
            retry_wait_minutes=retry_wait_minutes,
        )

        return project_config_automation_execution
