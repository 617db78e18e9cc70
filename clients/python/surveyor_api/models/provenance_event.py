from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.provenance_event_subject_type import (
    ProvenanceEventSubjectType,
    check_provenance_event_subject_type,
)

if TYPE_CHECKING:
    from ..models.provenance_event_payload import ProvenanceEventPayload


T = TypeVar("T", bound="ProvenanceEvent")


@_attrs_define
class ProvenanceEvent:
    """
    Attributes:
        id (float):
        project_module (str):
        subject_type (ProvenanceEventSubjectType):
        subject_id (str):
        kind (str):
        payload (ProvenanceEventPayload):
        actor (None | str):
        created_at (datetime.datetime):
    """

    id: float
    project_module: str
    subject_type: ProvenanceEventSubjectType
    subject_id: str
    kind: str
    payload: ProvenanceEventPayload
    actor: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        project_module = self.project_module

        subject_type: str = self.subject_type

        subject_id = self.subject_id

        kind = self.kind

        payload = self.payload.to_dict()

        actor: None | str
        actor = self.actor

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "project_module": project_module,
                "subject_type": subject_type,
                "subject_id": subject_id,
                "kind": kind,
                "payload": payload,
                "actor": actor,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provenance_event_payload import ProvenanceEventPayload

        d = dict(src_dict)
        id = d.pop("id")

        project_module = d.pop("project_module")

        subject_type = check_provenance_event_subject_type(d.pop("subject_type"))

        subject_id = d.pop("subject_id")

        kind = d.pop("kind")

        payload = ProvenanceEventPayload.from_dict(d.pop("payload"))

        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor = _parse_actor(d.pop("actor"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        provenance_event = cls(
            id=id,
            project_module=project_module,
            subject_type=subject_type,
            subject_id=subject_id,
            kind=kind,
            payload=payload,
            actor=actor,
            created_at=created_at,
        )

        provenance_event.additional_properties = d
        return provenance_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
