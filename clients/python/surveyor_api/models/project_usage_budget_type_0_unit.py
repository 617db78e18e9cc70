from typing import Literal

ProjectUsageBudgetType0Unit = Literal["cpu_hours", "node_hours"]

PROJECT_USAGE_BUDGET_TYPE_0_UNIT_VALUES: set[ProjectUsageBudgetType0Unit] = {
    "cpu_hours",
    "node_hours",
}


def check_project_usage_budget_type_0_unit(value: str) -> ProjectUsageBudgetType0Unit:
    if value in PROJECT_USAGE_BUDGET_TYPE_0_UNIT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_USAGE_BUDGET_TYPE_0_UNIT_VALUES!r}"
    )
