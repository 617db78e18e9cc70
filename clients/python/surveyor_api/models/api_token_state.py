from enum import StrEnum


class ApiTokenState(StrEnum):
    EXPIRED = "expired"
    LIVE = "live"
    REVOKED = "revoked"

    def __str__(self) -> str:
        return str(self.value)
