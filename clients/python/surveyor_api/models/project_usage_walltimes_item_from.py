from enum import StrEnum


class ProjectUsageWalltimesItemFrom(StrEnum):
    FALLBACK = "fallback"
    HISTORY = "history"

    def __str__(self) -> str:
        return str(self.value)
