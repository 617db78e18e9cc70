from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.source_bulk_result_items_item_status import (
    SourceBulkResultItemsItemStatus,
    check_source_bulk_result_items_item_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SourceBulkResultItemsItem")


@_attrs_define
class SourceBulkResultItemsItem:
    """
    Attributes:
        source_identifier (str):
        status (SourceBulkResultItemsItemStatus):
        uuid (str | Unset):
        error (str | Unset):
    """

    source_identifier: str
    status: SourceBulkResultItemsItemStatus
    uuid: str | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source_identifier = self.source_identifier

        status: str = self.status

        uuid = self.uuid

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source_identifier": source_identifier,
                "status": status,
            }
        )
        if uuid is not UNSET:
            field_dict["uuid"] = uuid
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_identifier = d.pop("source_identifier")

        status = check_source_bulk_result_items_item_status(d.pop("status"))

        uuid = d.pop("uuid", UNSET)

        error = d.pop("error", UNSET)

        source_bulk_result_items_item = cls(
            source_identifier=source_identifier,
            status=status,
            uuid=uuid,
            error=error,
        )

        source_bulk_result_items_item.additional_properties = d
        return source_bulk_result_items_item

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
