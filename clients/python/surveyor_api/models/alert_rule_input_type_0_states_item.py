from typing import Literal

AlertRuleInputType0StatesItem = Literal["cancelled", "completed", "failed"]

ALERT_RULE_INPUT_TYPE_0_STATES_ITEM_VALUES: set[AlertRuleInputType0StatesItem] = {
    "cancelled",
    "completed",
    "failed",
}


def check_alert_rule_input_type_0_states_item(
    value: str,
) -> AlertRuleInputType0StatesItem:
    if value in ALERT_RULE_INPUT_TYPE_0_STATES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_RULE_INPUT_TYPE_0_STATES_ITEM_VALUES!r}"
    )
