from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.api_token_request_role import (
    ApiTokenRequestRole,
    check_api_token_request_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiTokenRequest")


@_attrs_define
class ApiTokenRequest:
    """
    Attributes:
        name (str):
        days (int):
        role (ApiTokenRequestRole | Unset):
    """

    name: str
    days: int
    role: ApiTokenRequestRole | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        days = self.days

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "days": days,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        days = d.pop("days")

        _role = d.pop("role", UNSET)
        role: ApiTokenRequestRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_api_token_request_role(_role)

        api_token_request = cls(
            name=name,
            days=days,
            role=role,
        )

        return api_token_request
