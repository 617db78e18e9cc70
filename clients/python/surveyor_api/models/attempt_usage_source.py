from typing import Literal

AttemptUsageSource = Literal["estimate", "sacct", "session"]

ATTEMPT_USAGE_SOURCE_VALUES: set[AttemptUsageSource] = {
    "estimate",
    "sacct",
    "session",
}


def check_attempt_usage_source(value: str) -> AttemptUsageSource:
    if value in ATTEMPT_USAGE_SOURCE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ATTEMPT_USAGE_SOURCE_VALUES!r}"
    )
