from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_list_items_item_role import (
    UserListItemsItemRole,
    check_user_list_items_item_role,
)

if TYPE_CHECKING:
    from ..models.user_list_items_item_project_roles import (
        UserListItemsItemProjectRoles,
    )


T = TypeVar("T", bound="UserListItemsItem")


@_attrs_define
class UserListItemsItem:
    """
    Attributes:
        id (str):
        username (str):
        email (str):
        role (UserListItemsItemRole):
        created_at (datetime.datetime):
        disabled (bool):
        project_roles (UserListItemsItemProjectRoles):
    """

    id: str
    username: str
    email: str
    role: UserListItemsItemRole
    created_at: datetime.datetime
    disabled: bool
    project_roles: UserListItemsItemProjectRoles
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        email = self.email

        role: str = self.role

        created_at = self.created_at.isoformat()

        disabled = self.disabled

        project_roles = self.project_roles.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "email": email,
                "role": role,
                "created_at": created_at,
                "disabled": disabled,
                "project_roles": project_roles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_list_items_item_project_roles import (
            UserListItemsItemProjectRoles,
        )

        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        email = d.pop("email")

        role = check_user_list_items_item_role(d.pop("role"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        disabled = d.pop("disabled")

        project_roles = UserListItemsItemProjectRoles.from_dict(d.pop("project_roles"))

        user_list_items_item = cls(
            id=id,
            username=username,
            email=email,
            role=role,
            created_at=created_at,
            disabled=disabled,
            project_roles=project_roles,
        )

        user_list_items_item.additional_properties = d
        return user_list_items_item

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
