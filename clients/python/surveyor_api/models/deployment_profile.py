from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deployment_profile_deployment import DeploymentProfileDeployment
    from ..models.deployment_profile_paused_type_0 import DeploymentProfilePausedType0
    from ..models.deployment_profile_translation import DeploymentProfileTranslation


T = TypeVar("T", bound="DeploymentProfile")


@_attrs_define
class DeploymentProfile:
    """
    Attributes:
        id (str):
        name (str):
        description (str):
        project_module (None | str):
        is_default (bool):
        translation (DeploymentProfileTranslation):
        deployment (DeploymentProfileDeployment):
        version (float):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        paused (DeploymentProfilePausedType0 | None):
    """

    id: str
    name: str
    description: str
    project_module: None | str
    is_default: bool
    translation: DeploymentProfileTranslation
    deployment: DeploymentProfileDeployment
    version: float
    created_at: datetime.datetime
    updated_at: datetime.datetime
    paused: DeploymentProfilePausedType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.deployment_profile_paused_type_0 import (
            DeploymentProfilePausedType0,
        )

        id = self.id

        name = self.name

        description = self.description

        project_module: None | str
        project_module = self.project_module

        is_default = self.is_default

        translation = self.translation.to_dict()

        deployment = self.deployment.to_dict()

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        paused: dict[str, Any] | None
        if isinstance(self.paused, DeploymentProfilePausedType0):
            paused = self.paused.to_dict()
        else:
            paused = self.paused

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "project_module": project_module,
                "is_default": is_default,
                "translation": translation,
                "deployment": deployment,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
                "paused": paused,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_profile_deployment import DeploymentProfileDeployment
        from ..models.deployment_profile_paused_type_0 import (
            DeploymentProfilePausedType0,
        )
        from ..models.deployment_profile_translation import DeploymentProfileTranslation

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        description = d.pop("description")

        def _parse_project_module(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_module = _parse_project_module(d.pop("project_module"))

        is_default = d.pop("is_default")

        translation = DeploymentProfileTranslation.from_dict(d.pop("translation"))

        deployment = DeploymentProfileDeployment.from_dict(d.pop("deployment"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_paused(data: object) -> DeploymentProfilePausedType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                paused_type_0 = DeploymentProfilePausedType0.from_dict(data)

                return paused_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeploymentProfilePausedType0 | None, data)

        paused = _parse_paused(d.pop("paused"))

        deployment_profile = cls(
            id=id,
            name=name,
            description=description,
            project_module=project_module,
            is_default=is_default,
            translation=translation,
            deployment=deployment,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
            paused=paused,
        )

        deployment_profile.additional_properties = d
        return deployment_profile

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
