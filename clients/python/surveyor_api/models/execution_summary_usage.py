from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attempt_usage import AttemptUsage
    from ..models.execution_summary_usage_total import ExecutionSummaryUsageTotal


T = TypeVar("T", bound="ExecutionSummaryUsage")


@_attrs_define
class ExecutionSummaryUsage:
    """
    Attributes:
        attempts (list[AttemptUsage]):
        total (ExecutionSummaryUsageTotal):
    """

    attempts: list[AttemptUsage]
    total: ExecutionSummaryUsageTotal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        total = self.total.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attempt_usage import AttemptUsage
        from ..models.execution_summary_usage_total import ExecutionSummaryUsageTotal

        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = AttemptUsage.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        total = ExecutionSummaryUsageTotal.from_dict(d.pop("total"))

        execution_summary_usage = cls(
            attempts=attempts,
            total=total,
        )

        execution_summary_usage.additional_properties = d
        return execution_summary_usage

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
