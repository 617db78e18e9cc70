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

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType1")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType1:
    """
    Attributes:
        kind (Literal['strip_suffix']):
        suffix (str):
    """

    kind: Literal["strip_suffix"]
    suffix: str

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        suffix = self.suffix

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "suffix": suffix,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["strip_suffix"], d.pop("kind"))
        if kind != "strip_suffix":
            raise ValueError(f"kind must match const 'strip_suffix', got '{kind}'")

        suffix = d.pop("suffix")

        project_config_transforms_additional_property_type_1 = cls(
            kind=kind,
            suffix=suffix,
        )

        return project_config_transforms_additional_property_type_1
