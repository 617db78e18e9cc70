from enum import StrEnum


class ProvenanceEventSubjectType(StrEnum):
    ADDRESS = "address"
    EXECUTION = "execution"
    PROFILE = "profile"
    PROJECT = "project"
    SOURCE = "source"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
