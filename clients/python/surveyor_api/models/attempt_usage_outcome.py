from typing import Literal

AttemptUsageOutcome = Literal["cancelled", "completed", "failed"]

ATTEMPT_USAGE_OUTCOME_VALUES: set[AttemptUsageOutcome] = {
    "cancelled",
    "completed",
    "failed",
}


def check_attempt_usage_outcome(value: str) -> AttemptUsageOutcome:
    if value in ATTEMPT_USAGE_OUTCOME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ATTEMPT_USAGE_OUTCOME_VALUES!r}"
    )
