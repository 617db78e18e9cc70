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

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType8")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType8:
    """
    Attributes:
        kind (Literal['regex_extract']):
        pattern (str):
        group (int | Unset):  Default: 1.
    """

    kind: Literal["regex_extract"]
    pattern: str
    group: int | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        pattern = self.pattern

        group = self.group

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "pattern": pattern,
            }
        )
        if group is not UNSET:
            field_dict["group"] = group

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["regex_extract"], d.pop("kind"))
        if kind != "regex_extract":
            raise ValueError(f"kind must match const 'regex_extract', got '{kind}'")

        pattern = d.pop("pattern")

        group = d.pop("group", UNSET)

        project_config_transforms_additional_property_type_8 = cls(
            kind=kind,
            pattern=pattern,
            group=group,
        )

        return project_config_transforms_additional_property_type_8
