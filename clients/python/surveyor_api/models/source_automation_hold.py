from typing import Literal

SourceAutomationHold = Literal["held", "trying", "waiting"]

SOURCE_AUTOMATION_HOLD_VALUES: set[SourceAutomationHold] = {
    "held",
    "trying",
    "waiting",
}


def check_source_automation_hold(value: str) -> SourceAutomationHold:
    if value in SOURCE_AUTOMATION_HOLD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SOURCE_AUTOMATION_HOLD_VALUES!r}"
    )
