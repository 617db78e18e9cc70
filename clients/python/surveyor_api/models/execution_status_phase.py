from typing import Literal

ExecutionStatusPhase = Literal[
    "poll", "stage", "submit", "terminal", "translate", "waiting"
]

EXECUTION_STATUS_PHASE_VALUES: set[ExecutionStatusPhase] = {
    "poll",
    "stage",
    "submit",
    "terminal",
    "translate",
    "waiting",
}


def check_execution_status_phase(value: str) -> ExecutionStatusPhase:
    if value in EXECUTION_STATUS_PHASE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_STATUS_PHASE_VALUES!r}"
    )
