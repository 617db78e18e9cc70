from typing import Literal

SourceDiscoveryState = Literal["done", "failed", "never", "queued", "running"]

SOURCE_DISCOVERY_STATE_VALUES: set[SourceDiscoveryState] = {
    "done",
    "failed",
    "never",
    "queued",
    "running",
}


def check_source_discovery_state(value: str) -> SourceDiscoveryState:
    if value in SOURCE_DISCOVERY_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SOURCE_DISCOVERY_STATE_VALUES!r}"
    )
