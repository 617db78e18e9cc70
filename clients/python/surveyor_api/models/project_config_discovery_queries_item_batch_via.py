from typing import Literal

ProjectConfigDiscoveryQueriesItemBatchVia = Literal["in_list", "upload"]

PROJECT_CONFIG_DISCOVERY_QUERIES_ITEM_BATCH_VIA_VALUES: set[
    ProjectConfigDiscoveryQueriesItemBatchVia
] = {
    "in_list",
    "upload",
}


def check_project_config_discovery_queries_item_batch_via(
    value: str,
) -> ProjectConfigDiscoveryQueriesItemBatchVia:
    if value in PROJECT_CONFIG_DISCOVERY_QUERIES_ITEM_BATCH_VIA_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_DISCOVERY_QUERIES_ITEM_BATCH_VIA_VALUES!r}"
    )
