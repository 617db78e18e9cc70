from enum import StrEnum


class AlertRuleInputType11ChangesItem(StrEnum):
    CREATED = "created"
    DISABLED = "disabled"
    ENABLED = "enabled"
    LOGIN_HELD_BACK = "login_held_back"
    LOGIN_UNLOCKED = "login_unlocked"
    PASSWORD_SET = "password_set"
    PROJECT_ROLE_GRANTED = "project_role_granted"
    PROJECT_ROLE_REVOKED = "project_role_revoked"
    ROLE_CHANGED = "role_changed"
    TOKEN_CREATED = "token_created"
    TOKEN_REVOKED = "token_revoked"

    def __str__(self) -> str:
        return str(self.value)
