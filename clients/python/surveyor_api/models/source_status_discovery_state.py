from enum import StrEnum


class SourceStatusDiscoveryState(StrEnum):
    DONE = "done"
    FAILED = "failed"
    NEVER = "never"
    QUEUED = "queued"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
