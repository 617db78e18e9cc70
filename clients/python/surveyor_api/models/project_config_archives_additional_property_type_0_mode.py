from enum import StrEnum


class ProjectConfigArchivesAdditionalPropertyType0Mode(StrEnum):
    ASYNC = "async"
    AUTO = "auto"
    SYNC = "sync"

    def __str__(self) -> str:
        return str(self.value)
