from typing import Literal

NotificationChannelInputType1Security = Literal["none", "starttls", "tls"]

NOTIFICATION_CHANNEL_INPUT_TYPE_1_SECURITY_VALUES: set[
    NotificationChannelInputType1Security
] = {
    "none",
    "starttls",
    "tls",
}


def check_notification_channel_input_type_1_security(
    value: str,
) -> NotificationChannelInputType1Security:
    if value in NOTIFICATION_CHANNEL_INPUT_TYPE_1_SECURITY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CHANNEL_INPUT_TYPE_1_SECURITY_VALUES!r}"
    )
