from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigOutputVerification")


@_attrs_define
class ProjectConfigOutputVerification:
    """
    Attributes:
        required (bool | Unset):  Default: False.
        inventory_schema (str | Unset):
    """

    required: bool | Unset = False
    inventory_schema: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        required = self.required

        inventory_schema = self.inventory_schema

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if required is not UNSET:
            field_dict["required"] = required
        if inventory_schema is not UNSET:
            field_dict["inventory_schema"] = inventory_schema

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        required = d.pop("required", UNSET)

        inventory_schema = d.pop("inventory_schema", UNSET)

        project_config_output_verification = cls(
            required=required,
            inventory_schema=inventory_schema,
        )

        return project_config_output_verification
