from enum import StrEnum


class AlertRuleInputType6DependenciesItem(StrEnum):
    ARCHIVE = "archive"
    DATABASE = "database"
    ISLAND_MANAGER = "island_manager"
    LOGIN_NODE = "login_node"
    TRANSLATOR = "translator"

    def __str__(self) -> str:
        return str(self.value)
