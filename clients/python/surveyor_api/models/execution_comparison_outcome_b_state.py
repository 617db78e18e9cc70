from typing import Literal

ExecutionComparisonOutcomeBState = Literal[
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

EXECUTION_COMPARISON_OUTCOME_B_STATE_VALUES: set[ExecutionComparisonOutcomeBState] = {
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


def check_execution_comparison_outcome_b_state(
    value: str,
) -> ExecutionComparisonOutcomeBState:
    if value in EXECUTION_COMPARISON_OUTCOME_B_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_COMPARISON_OUTCOME_B_STATE_VALUES!r}"
    )
