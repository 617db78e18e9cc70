from typing import Literal

ProvenanceEventSubjectType = Literal[
    "address", "execution", "profile", "project", "source", "user"
]

PROVENANCE_EVENT_SUBJECT_TYPE_VALUES: set[ProvenanceEventSubjectType] = {
    "address",
    "execution",
    "profile",
    "project",
    "source",
    "user",
}


def check_provenance_event_subject_type(value: str) -> ProvenanceEventSubjectType:
    if value in PROVENANCE_EVENT_SUBJECT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROVENANCE_EVENT_SUBJECT_TYPE_VALUES!r}"
    )
