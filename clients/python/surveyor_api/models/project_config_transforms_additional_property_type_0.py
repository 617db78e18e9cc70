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

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType0")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType0:
    """
    Attributes:
        kind (Literal['strip_prefix']):
        prefix (str):
    """

    kind: Literal["strip_prefix"]
    prefix: str

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        prefix = self.prefix

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "prefix": prefix,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["strip_prefix"], d.pop("kind"))
        if kind != "strip_prefix":
            raise ValueError(f"kind must match const 'strip_prefix', got '{kind}'")

        prefix = d.pop("prefix")

        project_config_transforms_additional_property_type_0 = cls(
            kind=kind,
            prefix=prefix,
        )

        return project_config_transforms_additional_property_type_0
