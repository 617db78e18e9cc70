from enum import StrEnum


class ProjectConfigBudgetPeriod(StrEnum):
    MONTH = "month"

    def __str__(self) -> str:
        return str(self.value)
