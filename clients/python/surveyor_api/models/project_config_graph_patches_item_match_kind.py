from typing import Literal

ProjectConfigGraphPatchesItemMatchKind = Literal[
    "node_category", "node_id", "node_name"
]

PROJECT_CONFIG_GRAPH_PATCHES_ITEM_MATCH_KIND_VALUES: set[
    ProjectConfigGraphPatchesItemMatchKind
] = {
    "node_category",
    "node_id",
    "node_name",
}


def check_project_config_graph_patches_item_match_kind(
    value: str,
) -> ProjectConfigGraphPatchesItemMatchKind:
    if value in PROJECT_CONFIG_GRAPH_PATCHES_ITEM_MATCH_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_GRAPH_PATCHES_ITEM_MATCH_KIND_VALUES!r}"
    )
