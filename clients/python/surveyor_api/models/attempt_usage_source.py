from enum import StrEnum


class AttemptUsageSource(StrEnum):
    ESTIMATE = "estimate"
    SACCT = "sacct"
    SESSION = "session"

    def __str__(self) -> str:
        return str(self.value)
