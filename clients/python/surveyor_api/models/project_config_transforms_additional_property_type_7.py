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

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType7")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType7:
    """
    Attributes:
        kind (Literal['uppercase']):
    """

    kind: Literal["uppercase"]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["uppercase"], d.pop("kind"))
        if kind != "uppercase":
            raise ValueError(f"kind must match const 'uppercase', got '{kind}'")

        project_config_transforms_additional_property_type_7 = cls(
            kind=kind,
        )

        return project_config_transforms_additional_property_type_7
