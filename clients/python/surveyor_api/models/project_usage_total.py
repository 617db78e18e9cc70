from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProjectUsageTotal")


@_attrs_define
class ProjectUsageTotal:
    """
    Attributes:
        runs (float):
        node_hours (float):
        cpu_hours (float):
        badput_node_hours (float):
        queue_hours (float):
        runs_without_cpu (float):
    """

    runs: float
    node_hours: float
    cpu_hours: float
    badput_node_hours: float
    queue_hours: float
    runs_without_cpu: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        runs = self.runs

        node_hours = self.node_hours

        cpu_hours = self.cpu_hours

        badput_node_hours = self.badput_node_hours

        queue_hours = self.queue_hours

        runs_without_cpu = self.runs_without_cpu

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "runs": runs,
                "node_hours": node_hours,
                "cpu_hours": cpu_hours,
                "badput_node_hours": badput_node_hours,
                "queue_hours": queue_hours,
                "runs_without_cpu": runs_without_cpu,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        runs = d.pop("runs")

        node_hours = d.pop("node_hours")

        cpu_hours = d.pop("cpu_hours")

        badput_node_hours = d.pop("badput_node_hours")

        queue_hours = d.pop("queue_hours")

        runs_without_cpu = d.pop("runs_without_cpu")

        project_usage_total = cls(
            runs=runs,
            node_hours=node_hours,
            cpu_hours=cpu_hours,
            badput_node_hours=badput_node_hours,
            queue_hours=queue_hours,
            runs_without_cpu=runs_without_cpu,
        )

        project_usage_total.additional_properties = d
        return project_usage_total

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
