from typing import Literal

NotificationChannelInputType0Format = Literal["json", "slack"]

NOTIFICATION_CHANNEL_INPUT_TYPE_0_FORMAT_VALUES: set[
    NotificationChannelInputType0Format
] = {
    "json",
    "slack",
}


def check_notification_channel_input_type_0_format(
    value: str,
) -> NotificationChannelInputType0Format:
    if value in NOTIFICATION_CHANNEL_INPUT_TYPE_0_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CHANNEL_INPUT_TYPE_0_FORMAT_VALUES!r}"
    )
