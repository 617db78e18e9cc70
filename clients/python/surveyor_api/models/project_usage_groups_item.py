from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_usage_groups_item_node_hours_by_outcome import (
        ProjectUsageGroupsItemNodeHoursByOutcome,
    )
    from ..models.project_usage_groups_item_our_seconds_type_0 import (
        ProjectUsageGroupsItemOurSecondsType0,
    )
    from ..models.project_usage_groups_item_queue_seconds_type_0 import (
        ProjectUsageGroupsItemQueueSecondsType0,
    )
    from ..models.project_usage_groups_item_run_seconds_type_0 import (
        ProjectUsageGroupsItemRunSecondsType0,
    )
    from ..models.project_usage_groups_item_runs_by_outcome import (
        ProjectUsageGroupsItemRunsByOutcome,
    )


T = TypeVar("T", bound="ProjectUsageGroupsItem")


@_attrs_define
class ProjectUsageGroupsItem:
    """
    Attributes:
        key (str):
        runs (float):
        node_hours (float):
        cpu_hours (float):
        badput_node_hours (float):
        queue_hours (float):
        runs_without_cpu (float):
        node_hours_by_outcome (ProjectUsageGroupsItemNodeHoursByOutcome):
        runs_by_outcome (ProjectUsageGroupsItemRunsByOutcome):
        run_seconds (None | ProjectUsageGroupsItemRunSecondsType0):
        queue_seconds (None | ProjectUsageGroupsItemQueueSecondsType0):
        our_seconds (None | ProjectUsageGroupsItemOurSecondsType0):
    """

    key: str
    runs: float
    node_hours: float
    cpu_hours: float
    badput_node_hours: float
    queue_hours: float
    runs_without_cpu: float
    node_hours_by_outcome: ProjectUsageGroupsItemNodeHoursByOutcome
    runs_by_outcome: ProjectUsageGroupsItemRunsByOutcome
    run_seconds: None | ProjectUsageGroupsItemRunSecondsType0
    queue_seconds: None | ProjectUsageGroupsItemQueueSecondsType0
    our_seconds: None | ProjectUsageGroupsItemOurSecondsType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.project_usage_groups_item_our_seconds_type_0 import (
            ProjectUsageGroupsItemOurSecondsType0,
        )
        from ..models.project_usage_groups_item_queue_seconds_type_0 import (
            ProjectUsageGroupsItemQueueSecondsType0,
        )
        from ..models.project_usage_groups_item_run_seconds_type_0 import (
            ProjectUsageGroupsItemRunSecondsType0,
        )

        key = self.key

        runs = self.runs

        node_hours = self.node_hours

        cpu_hours = self.cpu_hours

        badput_node_hours = self.badput_node_hours

        queue_hours = self.queue_hours

        runs_without_cpu = self.runs_without_cpu

        node_hours_by_outcome = self.node_hours_by_outcome.to_dict()

        runs_by_outcome = self.runs_by_outcome.to_dict()

        run_seconds: dict[str, Any] | None
        if isinstance(self.run_seconds, ProjectUsageGroupsItemRunSecondsType0):
            run_seconds = self.run_seconds.to_dict()
        else:
            run_seconds = self.run_seconds

        queue_seconds: dict[str, Any] | None
        if isinstance(self.queue_seconds, ProjectUsageGroupsItemQueueSecondsType0):
            queue_seconds = self.queue_seconds.to_dict()
        else:
            queue_seconds = self.queue_seconds

        our_seconds: dict[str, Any] | None
        if isinstance(self.our_seconds, ProjectUsageGroupsItemOurSecondsType0):
            our_seconds = self.our_seconds.to_dict()
        else:
            our_seconds = self.our_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "runs": runs,
                "node_hours": node_hours,
                "cpu_hours": cpu_hours,
                "badput_node_hours": badput_node_hours,
                "queue_hours": queue_hours,
                "runs_without_cpu": runs_without_cpu,
                "node_hours_by_outcome": node_hours_by_outcome,
                "runs_by_outcome": runs_by_outcome,
                "run_seconds": run_seconds,
                "queue_seconds": queue_seconds,
                "our_seconds": our_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_usage_groups_item_node_hours_by_outcome import (
            ProjectUsageGroupsItemNodeHoursByOutcome,
        )
        from ..models.project_usage_groups_item_our_seconds_type_0 import (
            ProjectUsageGroupsItemOurSecondsType0,
        )
        from ..models.project_usage_groups_item_queue_seconds_type_0 import (
            ProjectUsageGroupsItemQueueSecondsType0,
        )
        from ..models.project_usage_groups_item_run_seconds_type_0 import (
            ProjectUsageGroupsItemRunSecondsType0,
        )
        from ..models.project_usage_groups_item_runs_by_outcome import (
            ProjectUsageGroupsItemRunsByOutcome,
        )

        d = dict(src_dict)
        key = d.pop("key")

        runs = d.pop("runs")

        node_hours = d.pop("node_hours")

        cpu_hours = d.pop("cpu_hours")

        badput_node_hours = d.pop("badput_node_hours")

        queue_hours = d.pop("queue_hours")

        runs_without_cpu = d.pop("runs_without_cpu")

        node_hours_by_outcome = ProjectUsageGroupsItemNodeHoursByOutcome.from_dict(
            d.pop("node_hours_by_outcome")
        )

        runs_by_outcome = ProjectUsageGroupsItemRunsByOutcome.from_dict(
            d.pop("runs_by_outcome")
        )

        def _parse_run_seconds(
            data: object,
        ) -> None | ProjectUsageGroupsItemRunSecondsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                run_seconds_type_0 = ProjectUsageGroupsItemRunSecondsType0.from_dict(
                    data
                )

                return run_seconds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProjectUsageGroupsItemRunSecondsType0, data)

        run_seconds = _parse_run_seconds(d.pop("run_seconds"))

        def _parse_queue_seconds(
            data: object,
        ) -> None | ProjectUsageGroupsItemQueueSecondsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                queue_seconds_type_0 = (
                    ProjectUsageGroupsItemQueueSecondsType0.from_dict(data)
                )

                return queue_seconds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProjectUsageGroupsItemQueueSecondsType0, data)

        queue_seconds = _parse_queue_seconds(d.pop("queue_seconds"))

        def _parse_our_seconds(
            data: object,
        ) -> None | ProjectUsageGroupsItemOurSecondsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                our_seconds_type_0 = ProjectUsageGroupsItemOurSecondsType0.from_dict(
                    data
                )

                return our_seconds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProjectUsageGroupsItemOurSecondsType0, data)

        our_seconds = _parse_our_seconds(d.pop("our_seconds"))

        project_usage_groups_item = cls(
            key=key,
            runs=runs,
            node_hours=node_hours,
            cpu_hours=cpu_hours,
            badput_node_hours=badput_node_hours,
            queue_hours=queue_hours,
            runs_without_cpu=runs_without_cpu,
            node_hours_by_outcome=node_hours_by_outcome,
            runs_by_outcome=runs_by_outcome,
            run_seconds=run_seconds,
            queue_seconds=queue_seconds,
            our_seconds=our_seconds,
        )

        project_usage_groups_item.additional_properties = d
        return project_usage_groups_item

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
