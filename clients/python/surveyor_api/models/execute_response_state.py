from typing import Literal

ExecuteResponseState = Literal[
    "cancelled",
    "cancelling",
    "completed",
    "failed",
    "pending",
    "queued",
    "running",
    "staging",
    "submitting",
    "translating",
]

EXECUTE_RESPONSE_STATE_VALUES: set[ExecuteResponseState] = {
    "cancelled",
    "cancelling",
    "completed",
    "failed",
    "pending",
    "queued",
    "running",
    "staging",
    "submitting",
    "translating",
}


def check_execute_response_state(value: str) -> ExecuteResponseState:
    if value in EXECUTE_RESPONSE_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTE_RESPONSE_STATE_VALUES!r}"
    )
