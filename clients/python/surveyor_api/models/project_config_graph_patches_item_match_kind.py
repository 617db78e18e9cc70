from enum import StrEnum


class ProjectConfigGraphPatchesItemMatchKind(StrEnum):
    NODE_CATEGORY = "node_category"
    NODE_ID = "node_id"
    NODE_NAME = "node_name"

    def __str__(self) -> str:
        return str(self.value)
