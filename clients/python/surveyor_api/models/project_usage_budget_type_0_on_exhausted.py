from enum import StrEnum


class ProjectUsageBudgetType0OnExhausted(StrEnum):
    BLOCK = "block"
    WARN = "warn"

    def __str__(self) -> str:
        return str(self.value)
