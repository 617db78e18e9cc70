from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigDiscoverySignature")


@_attrs_define
class ProjectConfigDiscoverySignature:
    """
    Attributes:
        exclude_fields (list[str] | Unset):
        include_discovery_flags (bool | Unset):  Default: True.
    """

    exclude_fields: list[str] | Unset = UNSET
    include_discovery_flags: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        exclude_fields: list[str] | Unset = UNSET
        if not isinstance(self.exclude_fields, Unset):
            exclude_fields = self.exclude_fields

        include_discovery_flags = self.include_discovery_flags

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if exclude_fields is not UNSET:
            field_dict["exclude_fields"] = exclude_fields
        if include_discovery_flags is not UNSET:
            field_dict["include_discovery_flags"] = include_discovery_flags

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        exclude_fields = cast(list[str], d.pop("exclude_fields", UNSET))

        include_discovery_flags = d.pop("include_discovery_flags", UNSET)

        project_config_discovery_signature = cls(
            exclude_fields=exclude_fields,
            include_discovery_flags=include_discovery_flags,
        )

        return project_config_discovery_signature
