from enum import StrEnum


class SourceAutomationHold(StrEnum):
    HELD = "held"
    TRYING = "trying"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
