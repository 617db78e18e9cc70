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

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType3")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType3:
    """
    Attributes:
        kind (Literal['split_last']):
        separators (list[str]):
    """

    kind: Literal["split_last"]
    separators: list[str]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        separators = self.separators

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "separators": separators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["split_last"], d.pop("kind"))
        if kind != "split_last":
            raise ValueError(f"kind must match const 'split_last', got '{kind}'")

        separators = cast(list[str], d.pop("separators"))

        project_config_transforms_additional_property_type_3 = cls(
            kind=kind,
            separators=separators,
        )

        return project_config_transforms_additional_property_type_3
