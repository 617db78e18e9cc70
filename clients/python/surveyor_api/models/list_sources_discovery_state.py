from typing import Literal

ListSourcesDiscoveryState = Literal["done", "failed", "never", "queued", "running"]

LIST_SOURCES_DISCOVERY_STATE_VALUES: set[ListSourcesDiscoveryState] = {
    "done",
    "failed",
    "never",
    "queued",
    "running",
}


def check_list_sources_discovery_state(value: str) -> ListSourcesDiscoveryState:
    if value in LIST_SOURCES_DISCOVERY_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SOURCES_DISCOVERY_STATE_VALUES!r}"
    )
