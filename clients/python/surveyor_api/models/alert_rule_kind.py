from typing import Literal

AlertRuleKind = Literal[
    "account_changed",
    "automation_stopped",
    "budget_used",
    "daily_summary",
    "data_access",
    "dependency_down",
    "discovery_changed",
    "execution_ended",
    "pending_too_long",
    "profile_paused",
    "queue_backlog",
    "token_expiring",
    "worker_lost",
]

ALERT_RULE_KIND_VALUES: set[AlertRuleKind] = {
    "account_changed",
    "automation_stopped",
    "budget_used",
    "daily_summary",
    "data_access",
    "dependency_down",
    "discovery_changed",
    "execution_ended",
    "pending_too_long",
    "profile_paused",
    "queue_backlog",
    "token_expiring",
    "worker_lost",
}


def check_alert_rule_kind(value: str) -> AlertRuleKind:
    if value in ALERT_RULE_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ALERT_RULE_KIND_VALUES!r}"
    )
