from enum import StrEnum


class ExecutionStatusBudgetOnExhausted(StrEnum):
    BLOCK = "block"
    WARN = "warn"

    def __str__(self) -> str:
        return str(self.value)
