from typing import Literal

ProjectConfigBudgetOnExhausted = Literal["block", "warn"]

PROJECT_CONFIG_BUDGET_ON_EXHAUSTED_VALUES: set[ProjectConfigBudgetOnExhausted] = {
    "block",
    "warn",
}


def check_project_config_budget_on_exhausted(
    value: str,
) -> ProjectConfigBudgetOnExhausted:
    if value in PROJECT_CONFIG_BUDGET_ON_EXHAUSTED_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_BUDGET_ON_EXHAUSTED_VALUES!r}"
    )
