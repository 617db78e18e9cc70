from enum import StrEnum


class SourceBulkResultItemsItemStatus(StrEnum):
    CREATED = "created"
    EXISTS = "exists"
    INVALID = "invalid"

    def __str__(self) -> str:
        return str(self.value)
