from typing import Literal

AlertDeliveryState = Literal["delivered", "failed", "pending"]

ALERT_DELIVERY_STATE_VALUES: set[AlertDeliveryState] = {
    "delivered",
    "failed",
    "pending",
}


def check_alert_delivery_state(value: str) -> AlertDeliveryState:
    if value in ALERT_DELIVERY_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_DELIVERY_STATE_VALUES!r}"
    )
