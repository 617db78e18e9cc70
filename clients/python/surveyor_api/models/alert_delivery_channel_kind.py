from typing import Literal

AlertDeliveryChannelKind = Literal["email", "webhook"]

ALERT_DELIVERY_CHANNEL_KIND_VALUES: set[AlertDeliveryChannelKind] = {
    "email",
    "webhook",
}


def check_alert_delivery_channel_kind(value: str) -> AlertDeliveryChannelKind:
    if value in ALERT_DELIVERY_CHANNEL_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_DELIVERY_CHANNEL_KIND_VALUES!r}"
    )
