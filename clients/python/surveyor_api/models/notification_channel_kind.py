from typing import Literal

NotificationChannelKind = Literal["email", "webhook"]

NOTIFICATION_CHANNEL_KIND_VALUES: set[NotificationChannelKind] = {
    "email",
    "webhook",
}


def check_notification_channel_kind(value: str) -> NotificationChannelKind:
    if value in NOTIFICATION_CHANNEL_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CHANNEL_KIND_VALUES!r}"
    )
