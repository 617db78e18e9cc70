from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.prov_document_activity import ProvDocumentActivity
    from ..models.prov_document_agent import ProvDocumentAgent
    from ..models.prov_document_entity import ProvDocumentEntity
    from ..models.prov_document_prefix import ProvDocumentPrefix


T = TypeVar("T", bound="ProvDocument")


@_attrs_define
class ProvDocument:
    """
    Attributes:
        prefix (ProvDocumentPrefix):
        entity (ProvDocumentEntity):
        activity (ProvDocumentActivity):
        agent (ProvDocumentAgent):
    """

    prefix: ProvDocumentPrefix
    entity: ProvDocumentEntity
    activity: ProvDocumentActivity
    agent: ProvDocumentAgent
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        prefix = self.prefix.to_dict()

        entity = self.entity.to_dict()

        activity = self.activity.to_dict()

        agent = self.agent.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "prefix": prefix,
                "entity": entity,
                "activity": activity,
                "agent": agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.prov_document_activity import ProvDocumentActivity
        from ..models.prov_document_agent import ProvDocumentAgent
        from ..models.prov_document_entity import ProvDocumentEntity
        from ..models.prov_document_prefix import ProvDocumentPrefix

        d = dict(src_dict)
        prefix = ProvDocumentPrefix.from_dict(d.pop("prefix"))

        entity = ProvDocumentEntity.from_dict(d.pop("entity"))

        activity = ProvDocumentActivity.from_dict(d.pop("activity"))

        agent = ProvDocumentAgent.from_dict(d.pop("agent"))

        prov_document = cls(
            prefix=prefix,
            entity=entity,
            activity=activity,
            agent=agent,
        )

        prov_document.additional_properties = d
        return prov_document

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
