from enum import StrEnum


class AlertRuleKind(StrEnum):
    ACCOUNT_CHANGED = "account_changed"
    AUTOMATION_STOPPED = "automation_stopped"
    BUDGET_USED = "budget_used"
    DAILY_SUMMARY = "daily_summary"
    DEPENDENCY_DOWN = "dependency_down"
    DISCOVERY_CHANGED = "discovery_changed"
    EXECUTION_ENDED = "execution_ended"
    PENDING_TOO_LONG = "pending_too_long"
    PROFILE_PAUSED = "profile_paused"
    QUEUE_BACKLOG = "queue_backlog"
    TOKEN_EXPIRING = "token_expiring"
    WORKER_LOST = "worker_lost"

    def __str__(self) -> str:
        return str(self.value)
