from enum import StrEnum


class NotificationChannelInputType0Format(StrEnum):
    JSON = "json"
    SLACK = "slack"

    def __str__(self) -> str:
        return str(self.value)
