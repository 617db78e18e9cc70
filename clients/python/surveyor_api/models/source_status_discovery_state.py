from typing import Literal

SourceStatusDiscoveryState = Literal["done", "failed", "never", "queued", "running"]

SOURCE_STATUS_DISCOVERY_STATE_VALUES: set[SourceStatusDiscoveryState] = {
    "done",
    "failed",
    "never",
    "queued",
    "running",
}


def check_source_status_discovery_state(value: str) -> SourceStatusDiscoveryState:
    if value in SOURCE_STATUS_DISCOVERY_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SOURCE_STATUS_DISCOVERY_STATE_VALUES!r}"
    )
