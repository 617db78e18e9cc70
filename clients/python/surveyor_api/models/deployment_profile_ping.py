from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deployment_profile_ping_checks_item import (
        DeploymentProfilePingChecksItem,
    )
    from ..models.deployment_profile_ping_profile import DeploymentProfilePingProfile


T = TypeVar("T", bound="DeploymentProfilePing")


@_attrs_define
class DeploymentProfilePing:
    """
    Attributes:
        profile (DeploymentProfilePingProfile):
        ok (bool):
        checks (list[DeploymentProfilePingChecksItem]):
    """

    profile: DeploymentProfilePingProfile
    ok: bool
    checks: list[DeploymentProfilePingChecksItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        profile = self.profile.to_dict()

        ok = self.ok

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "profile": profile,
                "ok": ok,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_profile_ping_checks_item import (
            DeploymentProfilePingChecksItem,
        )
        from ..models.deployment_profile_ping_profile import (
            DeploymentProfilePingProfile,
        )

        d = dict(src_dict)
        profile = DeploymentProfilePingProfile.from_dict(d.pop("profile"))

        ok = d.pop("ok")

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = DeploymentProfilePingChecksItem.from_dict(checks_item_data)

            checks.append(checks_item)

        deployment_profile_ping = cls(
            profile=profile,
            ok=ok,
            checks=checks,
        )

        deployment_profile_ping.additional_properties = d
        return deployment_profile_ping

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
