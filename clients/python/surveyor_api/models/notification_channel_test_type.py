from enum import StrEnum


class NotificationChannelTestType(StrEnum):
    ALERT = "alert"
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
