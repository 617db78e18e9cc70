from enum import StrEnum


class UserListItemsItemProjectRolesAdditionalProperty(StrEnum):
    ADMIN = "admin"
    OPERATOR = "operator"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
