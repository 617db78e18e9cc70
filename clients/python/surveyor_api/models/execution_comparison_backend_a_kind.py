from typing import Literal

ExecutionComparisonBackendAKind = Literal["batch_remote", "rest_remote"]

EXECUTION_COMPARISON_BACKEND_A_KIND_VALUES: set[ExecutionComparisonBackendAKind] = {
    "batch_remote",
    "rest_remote",
}


def check_execution_comparison_backend_a_kind(
    value: str,
) -> ExecutionComparisonBackendAKind:
    if value in EXECUTION_COMPARISON_BACKEND_A_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_COMPARISON_BACKEND_A_KIND_VALUES!r}"
    )
