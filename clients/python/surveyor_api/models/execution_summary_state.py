from enum import StrEnum


class ExecutionSummaryState(StrEnum):
    CANCELLED = "cancelled"
    CANCELLING = "cancelling"
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"
    QUEUED = "queued"
    RUNNING = "running"
    STAGING = "staging"
    SUBMITTING = "submitting"
    TRANSLATING = "translating"

    def __str__(self) -> str:
        return str(self.value)
