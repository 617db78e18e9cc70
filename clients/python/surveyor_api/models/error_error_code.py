from typing import Literal

ErrorErrorCode = Literal[
    "bad_request",
    "conflict",
    "forbidden",
    "internal",
    "invalid_credentials",
    "method_not_allowed",
    "not_found",
    "payload_too_large",
    "rate_limited",
    "unauthorized",
    "unavailable",
    "unsupported_media_type",
    "validation_failed",
]

ERROR_ERROR_CODE_VALUES: set[ErrorErrorCode] = {
    "bad_request",
    "conflict",
    "forbidden",
    "internal",
    "invalid_credentials",
    "method_not_allowed",
    "not_found",
    "payload_too_large",
    "rate_limited",
    "unauthorized",
    "unavailable",
    "unsupported_media_type",
    "validation_failed",
}


def check_error_error_code(value: str) -> ErrorErrorCode:
    if value in ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ERROR_ERROR_CODE_VALUES!r}"
    )
