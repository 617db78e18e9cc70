from typing import Literal

AccountEventsOrder = Literal["newest", "oldest"]

ACCOUNT_EVENTS_ORDER_VALUES: set[AccountEventsOrder] = {
    "newest",
    "oldest",
}


def check_account_events_order(value: str) -> AccountEventsOrder:
    if value in ACCOUNT_EVENTS_ORDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ACCOUNT_EVENTS_ORDER_VALUES!r}"
    )
