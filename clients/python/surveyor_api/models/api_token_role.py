from typing import Literal

ApiTokenRole = Literal["admin", "none", "operator", "viewer"]

API_TOKEN_ROLE_VALUES: set[ApiTokenRole] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_api_token_role(value: str) -> ApiTokenRole:
    if value in API_TOKEN_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_TOKEN_ROLE_VALUES!r}"
    )
