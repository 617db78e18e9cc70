from typing import Literal

NotificationChannelTestChannelKind = Literal["email", "webhook"]

NOTIFICATION_CHANNEL_TEST_CHANNEL_KIND_VALUES: set[
    NotificationChannelTestChannelKind
] = {
    "email",
    "webhook",
}


def check_notification_channel_test_channel_kind(
    value: str,
) -> NotificationChannelTestChannelKind:
    if value in NOTIFICATION_CHANNEL_TEST_CHANNEL_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CHANNEL_TEST_CHANNEL_KIND_VALUES!r}"
    )
