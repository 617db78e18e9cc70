from enum import StrEnum


class DevicePollAnswerType0Status(StrEnum):
    PENDING = "pending"
    SLOW_DOWN = "slow_down"

    def __str__(self) -> str:
        return str(self.value)
