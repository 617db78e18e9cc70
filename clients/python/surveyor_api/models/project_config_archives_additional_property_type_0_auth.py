from enum import StrEnum


class ProjectConfigArchivesAdditionalPropertyType0Auth(StrEnum):
    ARCHIVE_CREDENTIALS = "archive_credentials"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
