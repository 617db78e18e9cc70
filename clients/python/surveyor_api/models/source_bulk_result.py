from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.source_bulk_result_items_item import SourceBulkResultItemsItem


T = TypeVar("T", bound="SourceBulkResult")


@_attrs_define
class SourceBulkResult:
    """
    Attributes:
        created (float):
        existing (float):
        invalid (float):
        items (list[SourceBulkResultItemsItem]):
    """

    created: float
    existing: float
    invalid: float
    items: list[SourceBulkResultItemsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created = self.created

        existing = self.existing

        invalid = self.invalid

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created": created,
                "existing": existing,
                "invalid": invalid,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_bulk_result_items_item import SourceBulkResultItemsItem

        d = dict(src_dict)
        created = d.pop("created")

        existing = d.pop("existing")

        invalid = d.pop("invalid")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = SourceBulkResultItemsItem.from_dict(items_item_data)

            items.append(items_item)

        source_bulk_result = cls(
            created=created,
            existing=existing,
            invalid=invalid,
            items=items,
        )

        source_bulk_result.additional_properties = d
        return source_bulk_result

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
