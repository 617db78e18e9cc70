from typing import Literal

ApiTokenState = Literal["expired", "live", "revoked"]

API_TOKEN_STATE_VALUES: set[ApiTokenState] = {
    "expired",
    "live",
    "revoked",
}


def check_api_token_state(value: str) -> ApiTokenState:
    if value in API_TOKEN_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {API_TOKEN_STATE_VALUES!r}"
    )
