from enum import StrEnum


class DropStatesStatesAdditionalProperty(StrEnum):
    CANCELLED = "cancelled"
    DONE = "done"
    ERROR = "error"
    RUNNING = "running"
    SKIPPED = "skipped"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
