from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigMetadata")


@_attrs_define
class ProjectConfigMetadata:
    """
    Attributes:
        module (str):
        description (str | Unset):  Default: ''.
    """

    module: str
    description: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        module = self.module

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "module": module,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        module = d.pop("module")

        description = d.pop("description", UNSET)

        project_config_metadata = cls(
            module=module,
            description=description,
        )

        return project_config_metadata
