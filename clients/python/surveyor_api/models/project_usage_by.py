from enum import StrEnum


class ProjectUsageBy(StrEnum):
    DAY = "day"
    GRAPH = "graph"
    MONTH = "month"
    PROFILE = "profile"
    SOURCE = "source"
    STATE = "state"

    def __str__(self) -> str:
        return str(self.value)
