from typing import Literal

ApiTokenCreatedState = Literal["expired", "live", "revoked"]

API_TOKEN_CREATED_STATE_VALUES: set[ApiTokenCreatedState] = {
    "expired",
    "live",
    "revoked",
}


def check_api_token_created_state(value: str) -> ApiTokenCreatedState:
    if value in API_TOKEN_CREATED_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_TOKEN_CREATED_STATE_VALUES!r}"
    )
