from typing import Literal

ApiTokenRequestRole = Literal["admin", "none", "operator", "viewer"]

API_TOKEN_REQUEST_ROLE_VALUES: set[ApiTokenRequestRole] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_api_token_request_role(value: str) -> ApiTokenRequestRole:
    if value in API_TOKEN_REQUEST_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_TOKEN_REQUEST_ROLE_VALUES!r}"
    )
