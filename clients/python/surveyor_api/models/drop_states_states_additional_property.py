from typing import Literal

DropStatesStatesAdditionalProperty = Literal[
    "cancelled", "done", "error", "running", "skipped", "waiting"
]

DROP_STATES_STATES_ADDITIONAL_PROPERTY_VALUES: set[
    DropStatesStatesAdditionalProperty
] = {
    "cancelled",
    "done",
    "error",
    "running",
    "skipped",
    "waiting",
}


def check_drop_states_states_additional_property(
    value: str,
) -> DropStatesStatesAdditionalProperty:
    if value in DROP_STATES_STATES_ADDITIONAL_PROPERTY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DROP_STATES_STATES_ADDITIONAL_PROPERTY_VALUES!r}"
    )
