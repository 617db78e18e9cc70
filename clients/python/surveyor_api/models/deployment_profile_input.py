from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deployment_profile_input_deployment_type_0 import (
        DeploymentProfileInputDeploymentType0,
    )
    from ..models.deployment_profile_input_deployment_type_1 import (
        DeploymentProfileInputDeploymentType1,
    )
    from ..models.deployment_profile_input_translation import (
        DeploymentProfileInputTranslation,
    )


T = TypeVar("T", bound="DeploymentProfileInput")


@_attrs_define
class DeploymentProfileInput:
    """
    Attributes:
        name (str):
        translation (DeploymentProfileInputTranslation):
        deployment (DeploymentProfileInputDeploymentType0 | DeploymentProfileInputDeploymentType1):
        description (str | Unset):  Default: ''.
        project_module (None | str | Unset):
        is_default (bool | Unset):  Default: False.
    """

    name: str
    translation: DeploymentProfileInputTranslation
    deployment: (
        DeploymentProfileInputDeploymentType0 | DeploymentProfileInputDeploymentType1
    )
    description: str | Unset = ""
    project_module: None | str | Unset = UNSET
    is_default: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.deployment_profile_input_deployment_type_0 import (
            DeploymentProfileInputDeploymentType0,
        )

        name = self.name

        translation = self.translation.to_dict()

        deployment: dict[str, Any]
        if isinstance(self.deployment, DeploymentProfileInputDeploymentType0):
            deployment = self.deployment.to_dict()
        else:
            deployment = self.deployment.to_dict()

        description = self.description

        project_module: None | str | Unset
        if isinstance(self.project_module, Unset):
            project_module = UNSET
        else:
            project_module = self.project_module

        is_default = self.is_default

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "translation": translation,
                "deployment": deployment,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if project_module is not UNSET:
            field_dict["project_module"] = project_module
        if is_default is not UNSET:
            field_dict["is_default"] = is_default

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_profile_input_deployment_type_0 import (
            DeploymentProfileInputDeploymentType0,
        )
        from ..models.deployment_profile_input_deployment_type_1 import (
            DeploymentProfileInputDeploymentType1,
        )
        from ..models.deployment_profile_input_translation import (
            DeploymentProfileInputTranslation,
        )

        d = dict(src_dict)
        name = d.pop("name")

        translation = DeploymentProfileInputTranslation.from_dict(d.pop("translation"))

        def _parse_deployment(
            data: object,
        ) -> (
            DeploymentProfileInputDeploymentType0
            | DeploymentProfileInputDeploymentType1
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deployment_type_0 = DeploymentProfileInputDeploymentType0.from_dict(
                    data
                )

                return deployment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            deployment_type_1 = DeploymentProfileInputDeploymentType1.from_dict(data)

            return deployment_type_1

        deployment = _parse_deployment(d.pop("deployment"))

        description = d.pop("description", UNSET)

        def _parse_project_module(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_module = _parse_project_module(d.pop("project_module", UNSET))

        is_default = d.pop("is_default", UNSET)

        deployment_profile_input = cls(
            name=name,
            translation=translation,
            deployment=deployment,
            description=description,
            project_module=project_module,
            is_default=is_default,
        )

        return deployment_profile_input
