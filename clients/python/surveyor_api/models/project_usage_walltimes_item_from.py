from typing import Literal

ProjectUsageWalltimesItemFrom = Literal["fallback", "history"]

PROJECT_USAGE_WALLTIMES_ITEM_FROM_VALUES: set[ProjectUsageWalltimesItemFrom] = {
    "fallback",
    "history",
}


def check_project_usage_walltimes_item_from(
    value: str,
) -> ProjectUsageWalltimesItemFrom:
    if value in PROJECT_USAGE_WALLTIMES_ITEM_FROM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_USAGE_WALLTIMES_ITEM_FROM_VALUES!r}"
    )
