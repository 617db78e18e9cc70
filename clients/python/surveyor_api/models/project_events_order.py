from typing import Literal

ProjectEventsOrder = Literal["newest", "oldest"]

PROJECT_EVENTS_ORDER_VALUES: set[ProjectEventsOrder] = {
    "newest",
    "oldest",
}


def check_project_events_order(value: str) -> ProjectEventsOrder:
    if value in PROJECT_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_EVENTS_ORDER_VALUES!r}"
    )
