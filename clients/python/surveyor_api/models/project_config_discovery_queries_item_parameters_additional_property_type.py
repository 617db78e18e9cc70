from enum import StrEnum


class ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType(StrEnum):
    INTEGER = "integer"
    NUMBER = "number"
    STRING = "string"

    def __str__(self) -> str:
        return str(self.value)
