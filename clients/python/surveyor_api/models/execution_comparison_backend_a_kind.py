from enum import StrEnum


class ExecutionComparisonBackendAKind(StrEnum):
    BATCH_REMOTE = "batch_remote"
    REST_REMOTE = "rest_remote"

    def __str__(self) -> str:
        return str(self.value)
