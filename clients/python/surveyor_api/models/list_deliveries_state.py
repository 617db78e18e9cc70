from typing import Literal

ListDeliveriesState = Literal["delivered", "failed", "pending"]

LIST_DELIVERIES_STATE_VALUES: set[ListDeliveriesState] = {
    "delivered",
    "failed",
    "pending",
}


def check_list_deliveries_state(value: str) -> ListDeliveriesState:
    if value in LIST_DELIVERIES_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_DELIVERIES_STATE_VALUES!r}"
    )
