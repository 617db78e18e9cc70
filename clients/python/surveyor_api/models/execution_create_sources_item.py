from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExecutionCreateSourcesItem")


@_attrs_define
class ExecutionCreateSourcesItem:
    """
    Attributes:
        source_identifier (str):
    """

    source_identifier: str

    def to_dict(self) -> dict[str, Any]:
        source_identifier = self.source_identifier

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_identifier": source_identifier,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_identifier = d.pop("source_identifier")

        execution_create_sources_item = cls(
            source_identifier=source_identifier,
        )

        return execution_create_sources_item
