from typing import Literal

ProjectConfigDiscoveryEnrichmentsItemBatchVia = Literal["in_list", "upload"]

PROJECT_CONFIG_DISCOVERY_ENRICHMENTS_ITEM_BATCH_VIA_VALUES: set[
    ProjectConfigDiscoveryEnrichmentsItemBatchVia
] = {
    "in_list",
    "upload",
}


def check_project_config_discovery_enrichments_item_batch_via(
    value: str,
) -> ProjectConfigDiscoveryEnrichmentsItemBatchVia:
    if value in PROJECT_CONFIG_DISCOVERY_ENRICHMENTS_ITEM_BATCH_VIA_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_DISCOVERY_ENRICHMENTS_ITEM_BATCH_VIA_VALUES!r}"
    )
