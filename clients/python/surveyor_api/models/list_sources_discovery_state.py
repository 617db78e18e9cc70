from enum import StrEnum


class ListSourcesDiscoveryState(StrEnum):
    DONE = "done"
    FAILED = "failed"
    NEVER = "never"
    QUEUED = "queued"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
