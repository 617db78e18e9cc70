from typing import Literal

AlertRuleInputType6DependenciesItem = Literal[
    "archive", "database", "island_manager", "login_node", "translator"
]

ALERT_RULE_INPUT_TYPE_6_DEPENDENCIES_ITEM_VALUES: set[
    AlertRuleInputType6DependenciesItem
] = {
    "archive",
    "database",
    "island_manager",
    "login_node",
    "translator",
}


def check_alert_rule_input_type_6_dependencies_item(
    value: str,
) -> AlertRuleInputType6DependenciesItem:
    if value in ALERT_RULE_INPUT_TYPE_6_DEPENDENCIES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_RULE_INPUT_TYPE_6_DEPENDENCIES_ITEM_VALUES!r}"
    )
