from typing import Literal

NotificationChannelTestState = Literal["delivered", "failed", "pending"]

NOTIFICATION_CHANNEL_TEST_STATE_VALUES: set[NotificationChannelTestState] = {
    "delivered",
    "failed",
    "pending",
}


def check_notification_channel_test_state(value: str) -> NotificationChannelTestState:
    if value in NOTIFICATION_CHANNEL_TEST_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CHANNEL_TEST_STATE_VALUES!r}"
    )
