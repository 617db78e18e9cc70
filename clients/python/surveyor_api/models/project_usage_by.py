from typing import Literal

ProjectUsageBy = Literal["day", "graph", "month", "profile", "source", "state"]

PROJECT_USAGE_BY_VALUES: set[ProjectUsageBy] = {
    "day",
    "graph",
    "month",
    "profile",
    "source",
    "state",
}


def check_project_usage_by(value: str) -> ProjectUsageBy:
    if value in PROJECT_USAGE_BY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_USAGE_BY_VALUES!r}"
    )
