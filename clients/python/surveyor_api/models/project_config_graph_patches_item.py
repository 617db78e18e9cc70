from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.project_config_graph_patches_item_match import (
        ProjectConfigGraphPatchesItemMatch,
    )
    from ..models.project_config_graph_patches_item_set import (
        ProjectConfigGraphPatchesItemSet,
    )


T = TypeVar("T", bound="ProjectConfigGraphPatchesItem")


@_attrs_define
class ProjectConfigGraphPatchesItem:
    """
    Attributes:
        match (ProjectConfigGraphPatchesItemMatch):
        set_ (ProjectConfigGraphPatchesItemSet):
    """

    match: ProjectConfigGraphPatchesItemMatch
    set_: ProjectConfigGraphPatchesItemSet

    def to_dict(self) -> dict[str, Any]:
        match = self.match.to_dict()

        set_ = self.set_.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match": match,
                "set": set_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_graph_patches_item_match import (
            ProjectConfigGraphPatchesItemMatch,
        )
        from ..models.project_config_graph_patches_item_set import (
            ProjectConfigGraphPatchesItemSet,
        )

        d = dict(src_dict)
        match = ProjectConfigGraphPatchesItemMatch.from_dict(d.pop("match"))

        set_ = ProjectConfigGraphPatchesItemSet.from_dict(d.pop("set"))

        project_config_graph_patches_item = cls(
            match=match,
            set_=set_,
        )

        return project_config_graph_patches_item
