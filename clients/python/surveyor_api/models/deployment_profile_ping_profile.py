from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deployment_profile_ping_profile_kind import (
    DeploymentProfilePingProfileKind,
    check_deployment_profile_ping_profile_kind,
)

T = TypeVar("T", bound="DeploymentProfilePingProfile")


@_attrs_define
class DeploymentProfilePingProfile:
    """
    Attributes:
        id (str):
        name (str):
        kind (DeploymentProfilePingProfileKind):
        version (float):
    """

    id: str
    name: str
    kind: DeploymentProfilePingProfileKind
    version: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind: str = self.kind

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_deployment_profile_ping_profile_kind(d.pop("kind"))

        version = d.pop("version")

        deployment_profile_ping_profile = cls(
            id=id,
            name=name,
            kind=kind,
            version=version,
        )

        deployment_profile_ping_profile.additional_properties = d
        return deployment_profile_ping_profile

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
