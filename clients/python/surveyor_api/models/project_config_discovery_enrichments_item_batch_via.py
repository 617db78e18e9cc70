from enum import StrEnum


class ProjectConfigDiscoveryEnrichmentsItemBatchVia(StrEnum):
    IN_LIST = "in_list"
    UPLOAD = "upload"

    def __str__(self) -> str:
        return str(self.value)
