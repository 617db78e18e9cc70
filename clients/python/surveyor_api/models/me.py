from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.me_role import MeRole, check_me_role

if TYPE_CHECKING:
    from ..models.me_project_roles import MeProjectRoles


T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        user_id (str):
        username (str):
        role (MeRole):
        project_roles (MeProjectRoles):
        session_id (str):
    """

    user_id: str
    username: str
    role: MeRole
    project_roles: MeProjectRoles
    session_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        username = self.username

        role: str = self.role

        project_roles = self.project_roles.to_dict()

        session_id = self.session_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user_id": user_id,
                "username": username,
                "role": role,
                "project_roles": project_roles,
                "session_id": session_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.me_project_roles import MeProjectRoles

        d = dict(src_dict)
        user_id = d.pop("user_id")

        username = d.pop("username")

        role = check_me_role(d.pop("role"))

        project_roles = MeProjectRoles.from_dict(d.pop("project_roles"))

        session_id = d.pop("session_id")

        me = cls(
            user_id=user_id,
            username=username,
            role=role,
            project_roles=project_roles,
            session_id=session_id,
        )

        me.additional_properties = d
        return me

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
