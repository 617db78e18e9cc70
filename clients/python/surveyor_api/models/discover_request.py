from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DiscoverRequest")


@_attrs_define
class DiscoverRequest:
    """
    Attributes:
        project_module (str):
        source_identifiers (list[str]):
    """

    project_module: str
    source_identifiers: list[str]

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        source_identifiers = self.source_identifiers

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "project_module": project_module,
                "source_identifiers": source_identifiers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_module = d.pop("project_module")

        source_identifiers = cast(list[str], d.pop("source_identifiers"))

        discover_request = cls(
            project_module=project_module,
            source_identifiers=source_identifiers,
        )

        return discover_request
