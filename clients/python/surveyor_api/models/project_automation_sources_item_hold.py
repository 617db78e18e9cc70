from typing import Literal

ProjectAutomationSourcesItemHold = Literal["held", "trying", "waiting"]

PROJECT_AUTOMATION_SOURCES_ITEM_HOLD_VALUES: set[ProjectAutomationSourcesItemHold] = {
    "held",
    "trying",
    "waiting",
}


def check_project_automation_sources_item_hold(
    value: str,
) -> ProjectAutomationSourcesItemHold:
    if value in PROJECT_AUTOMATION_SOURCES_ITEM_HOLD_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_AUTOMATION_SOURCES_ITEM_HOLD_VALUES!r}"
    )
