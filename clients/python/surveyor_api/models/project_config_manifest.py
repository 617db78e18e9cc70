from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.project_config_manifest_source_template import (
        ProjectConfigManifestSourceTemplate,
    )


T = TypeVar("T", bound="ProjectConfigManifest")


@_attrs_define
class ProjectConfigManifest:
    """
    Attributes:
        group_by (list[str]):
        source_template (ProjectConfigManifestSourceTemplate):
    """

    group_by: list[str]
    source_template: ProjectConfigManifestSourceTemplate

    def to_dict(self) -> dict[str, Any]:
        group_by = self.group_by

        source_template = self.source_template.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "group_by": group_by,
                "source_template": source_template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_manifest_source_template import (
            ProjectConfigManifestSourceTemplate,
        )

        d = dict(src_dict)
        group_by = cast(list[str], d.pop("group_by"))

        source_template = ProjectConfigManifestSourceTemplate.from_dict(
            d.pop("source_template")
        )

        project_config_manifest = cls(
            group_by=group_by,
            source_template=source_template,
        )

        return project_config_manifest
