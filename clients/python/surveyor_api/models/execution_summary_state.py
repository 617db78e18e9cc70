from typing import Literal

ExecutionSummaryState = Literal[
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

EXECUTION_SUMMARY_STATE_VALUES: set[ExecutionSummaryState] = {
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


def check_execution_summary_state(value: str) -> ExecutionSummaryState:
    if value in EXECUTION_SUMMARY_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_SUMMARY_STATE_VALUES!r}"
    )
