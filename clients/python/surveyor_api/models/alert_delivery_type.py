from typing import Literal

AlertDeliveryType = Literal["alert", "test"]

ALERT_DELIVERY_TYPE_VALUES: set[AlertDeliveryType] = {
    "alert",
    "test",
}


def check_alert_delivery_type(value: str) -> AlertDeliveryType:
    if value in ALERT_DELIVERY_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_DELIVERY_TYPE_VALUES!r}"
    )
