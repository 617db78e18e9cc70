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

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType5")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType5:
    """
    Attributes:
        kind (Literal['trim']):
    """

    kind: Literal["trim"]

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
        kind = cast(Literal["trim"], d.pop("kind"))
        if kind != "trim":
            raise ValueError(f"kind must match const 'trim', got '{kind}'")

        project_config_transforms_additional_property_type_5 = cls(
            kind=kind,
        )

        return project_config_transforms_additional_property_type_5
