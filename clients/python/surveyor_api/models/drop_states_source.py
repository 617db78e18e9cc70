from typing import Literal

DropStatesSource = Literal["island_manager", "none"]

DROP_STATES_SOURCE_VALUES: set[DropStatesSource] = {
    "island_manager",
    "none",
}


def check_drop_states_source(value: str) -> DropStatesSource:
    if value in DROP_STATES_SOURCE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DROP_STATES_SOURCE_VALUES!r}"
    )
