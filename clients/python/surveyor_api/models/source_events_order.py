from typing import Literal

SourceEventsOrder = Literal["newest", "oldest"]

SOURCE_EVENTS_ORDER_VALUES: set[SourceEventsOrder] = {
    "newest",
    "oldest",
}


def check_source_events_order(value: str) -> SourceEventsOrder:
    if value in SOURCE_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SOURCE_EVENTS_ORDER_VALUES!r}"
    )
