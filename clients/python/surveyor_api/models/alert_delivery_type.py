from enum import StrEnum


class AlertDeliveryType(StrEnum):
    ALERT = "alert"
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
