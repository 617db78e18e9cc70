from typing import Literal

ExecutionStatusBudgetOnExhausted = Literal["block", "warn"]

EXECUTION_STATUS_BUDGET_ON_EXHAUSTED_VALUES: set[ExecutionStatusBudgetOnExhausted] = {
    "block",
    "warn",
}


def check_execution_status_budget_on_exhausted(
    value: str,
) -> ExecutionStatusBudgetOnExhausted:
    if value in EXECUTION_STATUS_BUDGET_ON_EXHAUSTED_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_STATUS_BUDGET_ON_EXHAUSTED_VALUES!r}"
    )
