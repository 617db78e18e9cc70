from enum import StrEnum


class ProjectAutomationSourcesItemHold(StrEnum):
    HELD = "held"
    TRYING = "trying"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
