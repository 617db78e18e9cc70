from enum import StrEnum


class NotificationChannelKind(StrEnum):
    EMAIL = "email"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
