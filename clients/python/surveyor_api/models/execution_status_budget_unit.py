from typing import Literal

ExecutionStatusBudgetUnit = Literal["cpu_hours", "node_hours"]

EXECUTION_STATUS_BUDGET_UNIT_VALUES: set[ExecutionStatusBudgetUnit] = {
    "cpu_hours",
    "node_hours",
}


def check_execution_status_budget_unit(value: str) -> ExecutionStatusBudgetUnit:
    if value in EXECUTION_STATUS_BUDGET_UNIT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_STATUS_BUDGET_UNIT_VALUES!r}"
    )
