from enum import StrEnum


class ExecutionProvenanceFormat(StrEnum):
    JSON = "json"
    PROVN = "provn"

    def __str__(self) -> str:
        return str(self.value)
