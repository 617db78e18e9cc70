from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution_comparison_sources_changed_item import (
        ExecutionComparisonSourcesChangedItem,
    )


T = TypeVar("T", bound="ExecutionComparisonSources")


@_attrs_define
class ExecutionComparisonSources:
    """
    Attributes:
        only_in_a (list[str]):
        only_in_b (list[str]):
        changed (list[ExecutionComparisonSourcesChangedItem]):
    """

    only_in_a: list[str]
    only_in_b: list[str]
    changed: list[ExecutionComparisonSourcesChangedItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        only_in_a = self.only_in_a

        only_in_b = self.only_in_b

        changed = []
        for changed_item_data in self.changed:
            changed_item = changed_item_data.to_dict()
            changed.append(changed_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "only_in_a": only_in_a,
                "only_in_b": only_in_b,
                "changed": changed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_comparison_sources_changed_item import (
            ExecutionComparisonSourcesChangedItem,
        )

        d = dict(src_dict)
        only_in_a = cast(list[str], d.pop("only_in_a"))

        only_in_b = cast(list[str], d.pop("only_in_b"))

        changed = []
        _changed = d.pop("changed")
        for changed_item_data in _changed:
            changed_item = ExecutionComparisonSourcesChangedItem.from_dict(
                changed_item_data
            )

            changed.append(changed_item)

        execution_comparison_sources = cls(
            only_in_a=only_in_a,
            only_in_b=only_in_b,
            changed=changed,
        )

        execution_comparison_sources.additional_properties = d
        return execution_comparison_sources

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
