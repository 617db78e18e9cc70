from enum import StrEnum


class DeploymentProfileInputDeploymentType0EndedSessions(StrEnum):
    KEEP = "keep"
    KEEP_FAILED = "keep_failed"
    REMOVE = "remove"

    def __str__(self) -> str:
        return str(self.value)
