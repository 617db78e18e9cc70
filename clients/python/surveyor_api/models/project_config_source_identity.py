from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_config_source_identity_template_vars import (
        ProjectConfigSourceIdentityTemplateVars,
    )


T = TypeVar("T", bound="ProjectConfigSourceIdentity")


@_attrs_define
class ProjectConfigSourceIdentity:
    """
    Attributes:
        pattern (str | Unset):
        template_vars (ProjectConfigSourceIdentityTemplateVars | Unset):
    """

    pattern: str | Unset = UNSET
    template_vars: ProjectConfigSourceIdentityTemplateVars | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pattern = self.pattern

        template_vars: dict[str, Any] | Unset = UNSET
        if not isinstance(self.template_vars, Unset):
            template_vars = self.template_vars.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if pattern is not UNSET:
            field_dict["pattern"] = pattern
        if template_vars is not UNSET:
            field_dict["template_vars"] = template_vars

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_source_identity_template_vars import (
            ProjectConfigSourceIdentityTemplateVars,
        )

        d = dict(src_dict)
        pattern = d.pop("pattern", UNSET)

        _template_vars = d.pop("template_vars", UNSET)
        template_vars: ProjectConfigSourceIdentityTemplateVars | Unset
        if isinstance(_template_vars, Unset):
            template_vars = UNSET
        else:
            template_vars = ProjectConfigSourceIdentityTemplateVars.from_dict(
                _template_vars
            )

        project_config_source_identity = cls(
            pattern=pattern,
            template_vars=template_vars,
        )

        return project_config_source_identity
