from typing import Literal

LedgerSnapshotState = Literal[
    "cancelled",
    "cancelling",
    "completed",
    "failed",
    "pending",
    "queued",
    "running",
    "staging",
    "submitting",
    "translating",
]

LEDGER_SNAPSHOT_STATE_VALUES: set[LedgerSnapshotState] = {
    "cancelled",
    "cancelling",
    "completed",
    "failed",
    "pending",
    "queued",
    "running",
    "staging",
    "submitting",
    "translating",
}


def check_ledger_snapshot_state(value: str) -> LedgerSnapshotState:
    if value in LEDGER_SNAPSHOT_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LEDGER_SNAPSHOT_STATE_VALUES!r}"
    )
