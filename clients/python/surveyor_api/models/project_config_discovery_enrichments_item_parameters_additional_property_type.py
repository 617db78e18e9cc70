from enum import StrEnum


class ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalPropertyType(StrEnum):
    INTEGER = "integer"
    NUMBER = "number"
    STRING = "string"

    def __str__(self) -> str:
        return str(self.value)
