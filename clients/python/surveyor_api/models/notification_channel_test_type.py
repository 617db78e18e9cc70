from typing import Literal

NotificationChannelTestType = Literal["alert", "test"]

NOTIFICATION_CHANNEL_TEST_TYPE_VALUES: set[NotificationChannelTestType] = {
    "alert",
    "test",
}


def check_notification_channel_test_type(value: str) -> NotificationChannelTestType:
    if value in NOTIFICATION_CHANNEL_TEST_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CHANNEL_TEST_TYPE_VALUES!r}"
    )
