from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigDiscoveryDiscoveryFlagsAdditionalProperty")


@_attrs_define
class ProjectConfigDiscoveryDiscoveryFlagsAdditionalProperty:
    """
    Attributes:
        from_ (str):
        transform (str | Unset):
    """

    from_: str
    transform: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        transform = self.transform

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
            }
        )
        if transform is not UNSET:
            field_dict["transform"] = transform

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_ = d.pop("from")

        transform = d.pop("transform", UNSET)

        project_config_discovery_discovery_flags_additional_property = cls(
            from_=from_,
            transform=transform,
        )

        return project_config_discovery_discovery_flags_additional_property
