from typing import Literal

AlertRuleInputType12ChangesItem = Literal[
    "created",
    "disabled",
    "enabled",
    "login_held_back",
    "login_unlocked",
    "password_set",
    "project_role_granted",
    "project_role_revoked",
    "role_changed",
    "token_created",
    "token_revoked",
]

ALERT_RULE_INPUT_TYPE_12_CHANGES_ITEM_VALUES: set[AlertRuleInputType12ChangesItem] = {
    "created",
    "disabled",
    "enabled",
    "login_held_back",
    "login_unlocked",
    "password_set",
    "project_role_granted",
    "project_role_revoked",
    "role_changed",
    "token_created",
    "token_revoked",
}


def check_alert_rule_input_type_12_changes_item(
    value: str,
) -> AlertRuleInputType12ChangesItem:
    if value in ALERT_RULE_INPUT_TYPE_12_CHANGES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_RULE_INPUT_TYPE_12_CHANGES_ITEM_VALUES!r}"
    )
