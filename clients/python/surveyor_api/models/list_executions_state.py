from typing import Literal

ListExecutionsState = Literal[
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

LIST_EXECUTIONS_STATE_VALUES: set[ListExecutionsState] = {
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


def check_list_executions_state(value: str) -> ListExecutionsState:
    if value in LIST_EXECUTIONS_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_EXECUTIONS_STATE_VALUES!r}"
    )
