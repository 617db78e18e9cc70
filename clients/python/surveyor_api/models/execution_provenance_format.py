from typing import Literal

ExecutionProvenanceFormat = Literal["json", "provn"]

EXECUTION_PROVENANCE_FORMAT_VALUES: set[ExecutionProvenanceFormat] = {
    "json",
    "provn",
}


def check_execution_provenance_format(value: str) -> ExecutionProvenanceFormat:
    if value in EXECUTION_PROVENANCE_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXECUTION_PROVENANCE_FORMAT_VALUES!r}"
    )
