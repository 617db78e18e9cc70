from enum import StrEnum


class DropStatesSource(StrEnum):
    ISLAND_MANAGER = "island_manager"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
