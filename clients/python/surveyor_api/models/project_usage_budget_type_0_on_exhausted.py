from typing import Literal

ProjectUsageBudgetType0OnExhausted = Literal["block", "warn"]

PROJECT_USAGE_BUDGET_TYPE_0_ON_EXHAUSTED_VALUES: set[
    ProjectUsageBudgetType0OnExhausted
] = {
    "block",
    "warn",
}


def check_project_usage_budget_type_0_on_exhausted(
    value: str,
) -> ProjectUsageBudgetType0OnExhausted:
    if value in PROJECT_USAGE_BUDGET_TYPE_0_ON_EXHAUSTED_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_USAGE_BUDGET_TYPE_0_ON_EXHAUSTED_VALUES!r}"
    )
