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

T = TypeVar("T", bound="ProjectConfigTransformsAdditionalPropertyType10")


@_attrs_define
class ProjectConfigTransformsAdditionalPropertyType10:
    """
    Attributes:
        kind (Literal['chain']):
        steps (list[str]):
    """

    kind: Literal["chain"]
    steps: list[str]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        steps = self.steps

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "steps": steps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["chain"], d.pop("kind"))
        if kind != "chain":
            raise ValueError(f"kind must match const 'chain', got '{kind}'")

        steps = cast(list[str], d.pop("steps"))

        project_config_transforms_additional_property_type_10 = cls(
            kind=kind,
            steps=steps,
        )

        return project_config_transforms_additional_property_type_10
