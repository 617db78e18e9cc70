from typing import Literal

AttemptUsageBackend = Literal["batch_remote", "rest_remote"]

ATTEMPT_USAGE_BACKEND_VALUES: set[AttemptUsageBackend] = {
    "batch_remote",
    "rest_remote",
}


def check_attempt_usage_backend(value: str) -> AttemptUsageBackend:
    if value in ATTEMPT_USAGE_BACKEND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ATTEMPT_USAGE_BACKEND_VALUES!r}"
    )
