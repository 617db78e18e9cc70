from enum import StrEnum


class DeploymentProfileInputTranslationAlgo(StrEnum):
    METIS = "metis"
    MYSARKAR = "mysarkar"

    def __str__(self) -> str:
        return str(self.value)
