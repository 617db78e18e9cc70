from typing import Literal

ProjectConfigBudgetUnit = Literal["cpu_hours", "node_hours"]

PROJECT_CONFIG_BUDGET_UNIT_VALUES: set[ProjectConfigBudgetUnit] = {
    "cpu_hours",
    "node_hours",
}


def check_project_config_budget_unit(value: str) -> ProjectConfigBudgetUnit:
    if value in PROJECT_CONFIG_BUDGET_UNIT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_BUDGET_UNIT_VALUES!r}"
    )
