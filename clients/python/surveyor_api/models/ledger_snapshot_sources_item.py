from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerSnapshotSourcesItem")


@_attrs_define
class LedgerSnapshotSourcesItem:
    """
    Attributes:
        uuid (str):
        source_identifier (None | str):
        signature_used (None | str):
        signature_now (None | str):
        processed_signature (None | str):
    """

    uuid: str
    source_identifier: None | str
    signature_used: None | str
    signature_now: None | str
    processed_signature: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uuid = self.uuid

        source_identifier: None | str
        source_identifier = self.source_identifier

        signature_used: None | str
        signature_used = self.signature_used

        signature_now: None | str
        signature_now = self.signature_now

        processed_signature: None | str
        processed_signature = self.processed_signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uuid": uuid,
                "source_identifier": source_identifier,
                "signature_used": signature_used,
                "signature_now": signature_now,
                "processed_signature": processed_signature,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        uuid = d.pop("uuid")

        def _parse_source_identifier(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_identifier = _parse_source_identifier(d.pop("source_identifier"))

        def _parse_signature_used(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature_used = _parse_signature_used(d.pop("signature_used"))

        def _parse_signature_now(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature_now = _parse_signature_now(d.pop("signature_now"))

        def _parse_processed_signature(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        processed_signature = _parse_processed_signature(d.pop("processed_signature"))

        ledger_snapshot_sources_item = cls(
            uuid=uuid,
            source_identifier=source_identifier,
            signature_used=signature_used,
            signature_now=signature_now,
            processed_signature=processed_signature,
        )

        ledger_snapshot_sources_item.additional_properties = d
        return ledger_snapshot_sources_item

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
