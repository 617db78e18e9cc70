from typing import Literal

ProjectConfigBudgetPeriod = Literal["month"]

PROJECT_CONFIG_BUDGET_PERIOD_VALUES: set[ProjectConfigBudgetPeriod] = {
    "month",
}


def check_project_config_budget_period(value: str) -> ProjectConfigBudgetPeriod:
    if value in PROJECT_CONFIG_BUDGET_PERIOD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_BUDGET_PERIOD_VALUES!r}"
    )
