from typing import Literal

ExecutionSummaryPhase = Literal[
    "poll", "stage", "submit", "terminal", "translate", "waiting"
]

EXECUTION_SUMMARY_PHASE_VALUES: set[ExecutionSummaryPhase] = {
    "poll",
    "stage",
    "submit",
    "terminal",
    "translate",
    "waiting",
}


def check_execution_summary_phase(value: str) -> ExecutionSummaryPhase:
    if value in EXECUTION_SUMMARY_PHASE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_SUMMARY_PHASE_VALUES!r}"
    )
