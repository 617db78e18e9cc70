from typing import Literal

ExecutionComparisonBackendBKind = Literal["batch_remote", "rest_remote"]

EXECUTION_COMPARISON_BACKEND_B_KIND_VALUES: set[ExecutionComparisonBackendBKind] = {
    "batch_remote",
    "rest_remote",
}


def check_execution_comparison_backend_b_kind(
    value: str,
) -> ExecutionComparisonBackendBKind:
    if value in EXECUTION_COMPARISON_BACKEND_B_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_COMPARISON_BACKEND_B_KIND_VALUES!r}"
    )
