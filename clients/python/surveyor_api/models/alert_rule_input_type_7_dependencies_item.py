from typing import Literal

AlertRuleInputType7DependenciesItem = Literal[
    "archive", "database", "island_manager", "login_node", "translator"
]

ALERT_RULE_INPUT_TYPE_7_DEPENDENCIES_ITEM_VALUES: set[
    AlertRuleInputType7DependenciesItem
] = {
    "archive",
    "database",
    "island_manager",
    "login_node",
    "translator",
}


def check_alert_rule_input_type_7_dependencies_item(
    value: str,
) -> AlertRuleInputType7DependenciesItem:
    if value in ALERT_RULE_INPUT_TYPE_7_DEPENDENCIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_RULE_INPUT_TYPE_7_DEPENDENCIES_ITEM_VALUES!r}"
    )
