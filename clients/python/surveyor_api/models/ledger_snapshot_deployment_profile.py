from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_snapshot_deployment_profile_deployment import (
        LedgerSnapshotDeploymentProfileDeployment,
    )
    from ..models.ledger_snapshot_deployment_profile_translation import (
        LedgerSnapshotDeploymentProfileTranslation,
    )


T = TypeVar("T", bound="LedgerSnapshotDeploymentProfile")


@_attrs_define
class LedgerSnapshotDeploymentProfile:
    """
    Attributes:
        id (None | str):
        name (str):
        version (float):
        translation (LedgerSnapshotDeploymentProfileTranslation):
        deployment (LedgerSnapshotDeploymentProfileDeployment):
    """

    id: None | str
    name: str
    version: float
    translation: LedgerSnapshotDeploymentProfileTranslation
    deployment: LedgerSnapshotDeploymentProfileDeployment
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id: None | str
        id = self.id

        name = self.name

        version = self.version

        translation = self.translation.to_dict()

        deployment = self.deployment.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "version": version,
                "translation": translation,
                "deployment": deployment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_snapshot_deployment_profile_deployment import (
            LedgerSnapshotDeploymentProfileDeployment,
        )
        from ..models.ledger_snapshot_deployment_profile_translation import (
            LedgerSnapshotDeploymentProfileTranslation,
        )

        d = dict(src_dict)

        def _parse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        id = _parse_id(d.pop("id"))

        name = d.pop("name")

        version = d.pop("version")

        translation = LedgerSnapshotDeploymentProfileTranslation.from_dict(
            d.pop("translation")
        )

        deployment = LedgerSnapshotDeploymentProfileDeployment.from_dict(
            d.pop("deployment")
        )

        ledger_snapshot_deployment_profile = cls(
            id=id,
            name=name,
            version=version,
            translation=translation,
            deployment=deployment,
        )

        ledger_snapshot_deployment_profile.additional_properties = d
        return ledger_snapshot_deployment_profile

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
