from typing import Literal

ExecutionState = Literal[
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

EXECUTION_STATE_VALUES: set[ExecutionState] = {
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


def check_execution_state(value: str) -> ExecutionState:
    if value in EXECUTION_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_STATE_VALUES!r}"
    )
