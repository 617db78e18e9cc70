from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution_comparison_profile_a import ExecutionComparisonProfileA
    from ..models.execution_comparison_profile_b import ExecutionComparisonProfileB
    from ..models.execution_comparison_profile_changes_item import (
        ExecutionComparisonProfileChangesItem,
    )


T = TypeVar("T", bound="ExecutionComparisonProfile")


@_attrs_define
class ExecutionComparisonProfile:
    """
    Attributes:
        a (ExecutionComparisonProfileA):
        b (ExecutionComparisonProfileB):
        changes (list[ExecutionComparisonProfileChangesItem]):
        truncated (bool):
    """

    a: ExecutionComparisonProfileA
    b: ExecutionComparisonProfileB
    changes: list[ExecutionComparisonProfileChangesItem]
    truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a.to_dict()

        b = self.b.to_dict()

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        truncated = self.truncated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "changes": changes,
                "truncated": truncated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_comparison_profile_a import ExecutionComparisonProfileA
        from ..models.execution_comparison_profile_b import ExecutionComparisonProfileB
        from ..models.execution_comparison_profile_changes_item import (
            ExecutionComparisonProfileChangesItem,
        )

        d = dict(src_dict)
        a = ExecutionComparisonProfileA.from_dict(d.pop("a"))

        b = ExecutionComparisonProfileB.from_dict(d.pop("b"))

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = ExecutionComparisonProfileChangesItem.from_dict(
                changes_item_data
            )

            changes.append(changes_item)

        truncated = d.pop("truncated")

        execution_comparison_profile = cls(
            a=a,
            b=b,
            changes=changes,
            truncated=truncated,
        )

        execution_comparison_profile.additional_properties = d
        return execution_comparison_profile

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
