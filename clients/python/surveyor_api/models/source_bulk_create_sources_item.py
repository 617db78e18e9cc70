from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SourceBulkCreateSourcesItem")


@_attrs_define
class SourceBulkCreateSourcesItem:
    """
    Attributes:
        source_identifier (str):
        enabled (bool | Unset):
    """

    source_identifier: str
    enabled: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source_identifier = self.source_identifier

        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_identifier": source_identifier,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_identifier = d.pop("source_identifier")

        enabled = d.pop("enabled", UNSET)

        source_bulk_create_sources_item = cls(
            source_identifier=source_identifier,
            enabled=enabled,
        )

        return source_bulk_create_sources_item
