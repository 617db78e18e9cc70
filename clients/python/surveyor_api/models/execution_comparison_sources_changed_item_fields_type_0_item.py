from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExecutionComparisonSourcesChangedItemFieldsType0Item")


@_attrs_define
class ExecutionComparisonSourcesChangedItemFieldsType0Item:
    """
    Attributes:
        path (str):
        a (Any | Unset):
        b (Any | Unset):
    """

    path: str
    a: Any | Unset = UNSET
    b: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        a = self.a

        b = self.b

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "path": path,
            }
        )
        if a is not UNSET:
            field_dict["a"] = a
        if b is not UNSET:
            field_dict["b"] = b

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        a = d.pop("a", UNSET)

        b = d.pop("b", UNSET)

        execution_comparison_sources_changed_item_fields_type_0_item = cls(
            path=path,
            a=a,
            b=b,
        )

        execution_comparison_sources_changed_item_fields_type_0_item.additional_properties = d
        return execution_comparison_sources_changed_item_fields_type_0_item

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
