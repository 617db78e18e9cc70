from typing import Literal

UserListItemsItemProjectRolesAdditionalProperty = Literal[
    "admin", "none", "operator", "viewer"
]

USER_LIST_ITEMS_ITEM_PROJECT_ROLES_ADDITIONAL_PROPERTY_VALUES: set[
    UserListItemsItemProjectRolesAdditionalProperty
] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_user_list_items_item_project_roles_additional_property(
    value: str,
) -> UserListItemsItemProjectRolesAdditionalProperty:
    if value in USER_LIST_ITEMS_ITEM_PROJECT_ROLES_ADDITIONAL_PROPERTY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {USER_LIST_ITEMS_ITEM_PROJECT_ROLES_ADDITIONAL_PROPERTY_VALUES!r}"
    )
