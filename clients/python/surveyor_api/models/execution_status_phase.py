from enum import StrEnum


class ExecutionStatusPhase(StrEnum):
    POLL = "poll"
    STAGE = "stage"
    SUBMIT = "submit"
    TERMINAL = "terminal"
    TRANSLATE = "translate"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
