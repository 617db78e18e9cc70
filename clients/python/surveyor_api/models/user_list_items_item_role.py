from typing import Literal

UserListItemsItemRole = Literal["admin", "none", "operator", "viewer"]

USER_LIST_ITEMS_ITEM_ROLE_VALUES: set[UserListItemsItemRole] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_user_list_items_item_role(value: str) -> UserListItemsItemRole:
    if value in USER_LIST_ITEMS_ITEM_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {USER_LIST_ITEMS_ITEM_ROLE_VALUES!r}"
    )
