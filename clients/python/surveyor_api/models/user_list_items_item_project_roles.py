from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_list_items_item_project_roles_additional_property import (
    UserListItemsItemProjectRolesAdditionalProperty,
    check_user_list_items_item_project_roles_additional_property,
)

T = TypeVar("T", bound="UserListItemsItemProjectRoles")


@_attrs_define
class UserListItemsItemProjectRoles:
    additional_properties: dict[
        str, UserListItemsItemProjectRolesAdditionalProperty
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_list_items_item_project_roles = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = (
                check_user_list_items_item_project_roles_additional_property(prop_dict)
            )

            additional_properties[prop_name] = additional_property

        user_list_items_item_project_roles.additional_properties = additional_properties
        return user_list_items_item_project_roles

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> UserListItemsItemProjectRolesAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: UserListItemsItemProjectRolesAdditionalProperty
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
