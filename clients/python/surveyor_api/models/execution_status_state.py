from typing import Literal

ExecutionStatusState = Literal[
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

EXECUTION_STATUS_STATE_VALUES: set[ExecutionStatusState] = {
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


def check_execution_status_state(value: str) -> ExecutionStatusState:
    if value in EXECUTION_STATUS_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_STATUS_STATE_VALUES!r}"
    )
