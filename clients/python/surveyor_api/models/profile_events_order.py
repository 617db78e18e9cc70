from typing import Literal

ProfileEventsOrder = Literal["newest", "oldest"]

PROFILE_EVENTS_ORDER_VALUES: set[ProfileEventsOrder] = {
    "newest",
    "oldest",
}


def check_profile_events_order(value: str) -> ProfileEventsOrder:
    if value in PROFILE_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROFILE_EVENTS_ORDER_VALUES!r}"
    )
