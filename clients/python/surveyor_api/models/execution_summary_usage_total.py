from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExecutionSummaryUsageTotal")


@_attrs_define
class ExecutionSummaryUsageTotal:
    """
    Attributes:
        node_hours (float):
        cpu_hours (float):
        queue_seconds (float):
        run_seconds (float):
    """

    node_hours: float
    cpu_hours: float
    queue_seconds: float
    run_seconds: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        node_hours = self.node_hours

        cpu_hours = self.cpu_hours

        queue_seconds = self.queue_seconds

        run_seconds = self.run_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "node_hours": node_hours,
                "cpu_hours": cpu_hours,
                "queue_seconds": queue_seconds,
                "run_seconds": run_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        node_hours = d.pop("node_hours")

        cpu_hours = d.pop("cpu_hours")

        queue_seconds = d.pop("queue_seconds")

        run_seconds = d.pop("run_seconds")

        execution_summary_usage_total = cls(
            node_hours=node_hours,
            cpu_hours=cpu_hours,
            queue_seconds=queue_seconds,
            run_seconds=run_seconds,
        )

        execution_summary_usage_total.additional_properties = d
        return execution_summary_usage_total

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
