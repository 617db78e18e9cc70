from enum import StrEnum


class ProjectConfigBudgetUnit(StrEnum):
    CPU_HOURS = "cpu_hours"
    NODE_HOURS = "node_hours"

    def __str__(self) -> str:
        return str(self.value)
