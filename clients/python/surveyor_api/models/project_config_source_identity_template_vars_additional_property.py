from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.project_config_source_identity_template_vars_additional_property_from import (
    ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom,
    check_project_config_source_identity_template_vars_additional_property_from,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigSourceIdentityTemplateVarsAdditionalProperty")


@_attrs_define
class ProjectConfigSourceIdentityTemplateVarsAdditionalProperty:
    """
    Attributes:
        from_ (ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom | Unset):  Default: 'canonical'.
        transform (str | Unset):
    """

    from_: ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom | Unset = (
        "canonical"
    )
    transform: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_: str | Unset = UNSET
        if not isinstance(self.from_, Unset):
            from_ = self.from_

        transform = self.transform

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if from_ is not UNSET:
            field_dict["from"] = from_
        if transform is not UNSET:
            field_dict["transform"] = transform

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _from_ = d.pop("from", UNSET)
        from_: ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom | Unset
        if isinstance(_from_, Unset):
            from_ = UNSET
        else:
            from_ = check_project_config_source_identity_template_vars_additional_property_from(
                _from_
            )

        transform = d.pop("transform", UNSET)

        project_config_source_identity_template_vars_additional_property = cls(
            from_=from_,
            transform=transform,
        )

        return project_config_source_identity_template_vars_additional_property
