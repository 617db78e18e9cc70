from typing import Literal

UserListItemsItemRole = Literal["admin", "operator", "viewer"]

USER_LIST_ITEMS_ITEM_ROLE_VALUES: set[UserListItemsItemRole] = {
    "admin",
    "operator",
    "viewer",
}


def check_user_list_items_item_role(value: str) -> UserListItemsItemRole:
    if value in USER_LIST_ITEMS_ITEM_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {USER_LIST_ITEMS_ITEM_ROLE_VALUES!r}"
    )
