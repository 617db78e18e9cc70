from typing import Literal

ApiTokenCreatedRole = Literal["admin", "none", "operator", "viewer"]

API_TOKEN_CREATED_ROLE_VALUES: set[ApiTokenCreatedRole] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_api_token_created_role(value: str) -> ApiTokenCreatedRole:
    if value in API_TOKEN_CREATED_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_TOKEN_CREATED_ROLE_VALUES!r}"
    )
