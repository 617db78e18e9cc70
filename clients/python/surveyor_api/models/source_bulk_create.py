from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.source_bulk_create_sources_item import SourceBulkCreateSourcesItem


T = TypeVar("T", bound="SourceBulkCreate")


@_attrs_define
class SourceBulkCreate:
    """
    Attributes:
        project_module (str):
        sources (list[SourceBulkCreateSourcesItem]):
    """

    project_module: str
    sources: list[SourceBulkCreateSourcesItem]

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "project_module": project_module,
                "sources": sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_bulk_create_sources_item import SourceBulkCreateSourcesItem

        d = dict(src_dict)
        project_module = d.pop("project_module")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = SourceBulkCreateSourcesItem.from_dict(sources_item_data)

            sources.append(sources_item)

        source_bulk_create = cls(
            project_module=project_module,
            sources=sources,
        )

        return source_bulk_create
