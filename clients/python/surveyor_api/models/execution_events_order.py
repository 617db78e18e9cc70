from typing import Literal

ExecutionEventsOrder = Literal["newest", "oldest"]

EXECUTION_EVENTS_ORDER_VALUES: set[ExecutionEventsOrder] = {
    "newest",
    "oldest",
}


def check_execution_events_order(value: str) -> ExecutionEventsOrder:
    if value in EXECUTION_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_EVENTS_ORDER_VALUES!r}"
    )
