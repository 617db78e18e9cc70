from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution import Execution
    from ..models.overview_blocked_automation_item import OverviewBlockedAutomationItem
    from ..models.overview_ended_by_hour_item import OverviewEndedByHourItem
    from ..models.overview_executions_by_project_item import (
        OverviewExecutionsByProjectItem,
    )
    from ..models.overview_executions_by_state import OverviewExecutionsByState
    from ..models.overview_paused_profiles_item import OverviewPausedProfilesItem
    from ..models.overview_queue import OverviewQueue
    from ..models.worker import Worker


T = TypeVar("T", bound="Overview")


@_attrs_define
class Overview:
    """
    Attributes:
        executions_by_state (OverviewExecutionsByState):
        executions_by_project (list[OverviewExecutionsByProjectItem]):
        queue (OverviewQueue):
        workers (list[Worker]):
        recent_failures (list[Execution]):
        ended_by_hour (list[OverviewEndedByHourItem]):
        paused_profiles (list[OverviewPausedProfilesItem]):
        blocked_automation (list[OverviewBlockedAutomationItem]):
    """

    executions_by_state: OverviewExecutionsByState
    executions_by_project: list[OverviewExecutionsByProjectItem]
    queue: OverviewQueue
    workers: list[Worker]
    recent_failures: list[Execution]
    ended_by_hour: list[OverviewEndedByHourItem]
    paused_profiles: list[OverviewPausedProfilesItem]
    blocked_automation: list[OverviewBlockedAutomationItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        executions_by_state = self.executions_by_state.to_dict()

        executions_by_project = []
        for executions_by_project_item_data in self.executions_by_project:
            executions_by_project_item = executions_by_project_item_data.to_dict()
            executions_by_project.append(executions_by_project_item)

        queue = self.queue.to_dict()

        workers = []
        for workers_item_data in self.workers:
            workers_item = workers_item_data.to_dict()
            workers.append(workers_item)

        recent_failures = []
        for recent_failures_item_data in self.recent_failures:
            recent_failures_item = recent_failures_item_data.to_dict()
            recent_failures.append(recent_failures_item)

        ended_by_hour = []
        for ended_by_hour_item_data in self.ended_by_hour:
            ended_by_hour_item = ended_by_hour_item_data.to_dict()
            ended_by_hour.append(ended_by_hour_item)

        paused_profiles = []
        for paused_profiles_item_data in self.paused_profiles:
            paused_profiles_item = paused_profiles_item_data.to_dict()
            paused_profiles.append(paused_profiles_item)

        blocked_automation = []
        for blocked_automation_item_data in self.blocked_automation:
            blocked_automation_item = blocked_automation_item_data.to_dict()
            blocked_automation.append(blocked_automation_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "executions_by_state": executions_by_state,
                "executions_by_project": executions_by_project,
                "queue": queue,
                "workers": workers,
                "recent_failures": recent_failures,
                "ended_by_hour": ended_by_hour,
                "paused_profiles": paused_profiles,
                "blocked_automation": blocked_automation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution import Execution
        from ..models.overview_blocked_automation_item import (
            OverviewBlockedAutomationItem,
        )
        from ..models.overview_ended_by_hour_item import OverviewEndedByHourItem
        from ..models.overview_executions_by_project_item import (
            OverviewExecutionsByProjectItem,
        )
        from ..models.overview_executions_by_state import OverviewExecutionsByState
        from ..models.overview_paused_profiles_item import OverviewPausedProfilesItem
        from ..models.overview_queue import OverviewQueue
        from ..models.worker import Worker

        d = dict(src_dict)
        executions_by_state = OverviewExecutionsByState.from_dict(
            d.pop("executions_by_state")
        )

        executions_by_project = []
        _executions_by_project = d.pop("executions_by_project")
        for executions_by_project_item_data in _executions_by_project:
            executions_by_project_item = OverviewExecutionsByProjectItem.from_dict(
                executions_by_project_item_data
            )

            executions_by_project.append(executions_by_project_item)

        queue = OverviewQueue.from_dict(d.pop("queue"))

        workers = []
        _workers = d.pop("workers")
        for workers_item_data in _workers:
            workers_item = Worker.from_dict(workers_item_data)

            workers.append(workers_item)

        recent_failures = []
        _recent_failures = d.pop("recent_failures")
        for recent_failures_item_data in _recent_failures:
            recent_failures_item = Execution.from_dict(recent_failures_item_data)

            recent_failures.append(recent_failures_item)

        ended_by_hour = []
        _ended_by_hour = d.pop("ended_by_hour")
        for ended_by_hour_item_data in _ended_by_hour:
            ended_by_hour_item = OverviewEndedByHourItem.from_dict(
                ended_by_hour_item_data
            )

            ended_by_hour.append(ended_by_hour_item)

        paused_profiles = []
        _paused_profiles = d.pop("paused_profiles")
        for paused_profiles_item_data in _paused_profiles:
            paused_profiles_item = OverviewPausedProfilesItem.from_dict(
                paused_profiles_item_data
            )

            paused_profiles.append(paused_profiles_item)

        blocked_automation = []
        _blocked_automation = d.pop("blocked_automation")
        for blocked_automation_item_data in _blocked_automation:
            blocked_automation_item = OverviewBlockedAutomationItem.from_dict(
                blocked_automation_item_data
            )

            blocked_automation.append(blocked_automation_item)

        overview = cls(
            executions_by_state=executions_by_state,
            executions_by_project=executions_by_project,
            queue=queue,
            workers=workers,
            recent_failures=recent_failures,
            ended_by_hour=ended_by_hour,
            paused_profiles=paused_profiles,
            blocked_automation=blocked_automation,
        )

        overview.additional_properties = d
        return overview

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
