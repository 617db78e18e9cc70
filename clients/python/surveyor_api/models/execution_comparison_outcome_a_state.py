from typing import Literal

ExecutionComparisonOutcomeAState = Literal[
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

EXECUTION_COMPARISON_OUTCOME_A_STATE_VALUES: set[ExecutionComparisonOutcomeAState] = {
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


def check_execution_comparison_outcome_a_state(
    value: str,
) -> ExecutionComparisonOutcomeAState:
    if value in EXECUTION_COMPARISON_OUTCOME_A_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_COMPARISON_OUTCOME_A_STATE_VALUES!r}"
    )
