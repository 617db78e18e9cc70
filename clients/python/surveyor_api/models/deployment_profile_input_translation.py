from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.deployment_profile_input_translation_algo import (
    DeploymentProfileInputTranslationAlgo,
    check_deployment_profile_input_translation_algo,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeploymentProfileInputTranslation")


@_attrs_define
class DeploymentProfileInputTranslation:
    """
    Attributes:
        algo (DeploymentProfileInputTranslationAlgo | Unset):  Default: 'metis'.
        num_par (int | Unset):  Default: 1.
        num_islands (int | Unset):  Default: 0.
        tm_url (str | Unset):
    """

    algo: DeploymentProfileInputTranslationAlgo | Unset = "metis"
    num_par: int | Unset = 1
    num_islands: int | Unset = 0
    tm_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        algo: str | Unset = UNSET
        if not isinstance(self.algo, Unset):
            algo = self.algo

        num_par = self.num_par

        num_islands = self.num_islands

        tm_url = self.tm_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if algo is not UNSET:
            field_dict["algo"] = algo
        if num_par is not UNSET:
            field_dict["num_par"] = num_par
        if num_islands is not UNSET:
            field_dict["num_islands"] = num_islands
        if tm_url is not UNSET:
            field_dict["tm_url"] = tm_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _algo = d.pop("algo", UNSET)
        algo: DeploymentProfileInputTranslationAlgo | Unset
        if isinstance(_algo, Unset):
            algo = UNSET
        else:
            algo = check_deployment_profile_input_translation_algo(_algo)

        num_par = d.pop("num_par", UNSET)

        num_islands = d.pop("num_islands", UNSET)

        tm_url = d.pop("tm_url", UNSET)

        deployment_profile_input_translation = cls(
            algo=algo,
            num_par=num_par,
            num_islands=num_islands,
            tm_url=tm_url,
        )

        return deployment_profile_input_translation
