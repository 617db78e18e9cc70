from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.project_config_graph_patches_item_match_kind import (
    ProjectConfigGraphPatchesItemMatchKind,
    check_project_config_graph_patches_item_match_kind,
)

T = TypeVar("T", bound="ProjectConfigGraphPatchesItemMatch")


@_attrs_define
class ProjectConfigGraphPatchesItemMatch:
    """
    Attributes:
        kind (ProjectConfigGraphPatchesItemMatchKind):
        equals (str):
    """

    kind: ProjectConfigGraphPatchesItemMatchKind
    equals: str

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        equals = self.equals

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "equals": equals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_project_config_graph_patches_item_match_kind(d.pop("kind"))

        equals = d.pop("equals")

        project_config_graph_patches_item_match = cls(
            kind=kind,
            equals=equals,
        )

        return project_config_graph_patches_item_match
