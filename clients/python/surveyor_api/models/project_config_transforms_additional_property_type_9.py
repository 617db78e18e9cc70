from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType9")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType9:
    """
    Attributes:
        kind (Literal['format']):
        template (str):
    """

    kind: Literal["format"]
    template: str

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["format"], d.pop("kind"))
        if kind != "format":
            raise ValueError(f"kind must match const 'format', got '{kind}'")

        template = d.pop("template")

        project_config_transforms_additional_property_type_9 = cls(
            kind=kind,
            template=template,
        )

        return project_config_transforms_additional_property_type_9
