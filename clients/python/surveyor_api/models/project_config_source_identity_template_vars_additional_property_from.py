from enum import StrEnum


class ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom(StrEnum):
    CANONICAL = "canonical"

    def __str__(self) -> str:
        return str(self.value)
