from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerSnapshotArtifactsItem")


@_attrs_define
class LedgerSnapshotArtifactsItem:
    """
    Attributes:
        attempt (float):
        name (str):
        media_type (str):
        sha256 (str):
        size (float):
        created_at (datetime.datetime):
        content_pruned_at (datetime.datetime | None):
    """

    attempt: float
    name: str
    media_type: str
    sha256: str
    size: float
    created_at: datetime.datetime
    content_pruned_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        name = self.name

        media_type = self.media_type

        sha256 = self.sha256

        size = self.size

        created_at = self.created_at.isoformat()

        content_pruned_at: None | str
        if isinstance(self.content_pruned_at, datetime.datetime):
            content_pruned_at = self.content_pruned_at.isoformat()
        else:
            content_pruned_at = self.content_pruned_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "name": name,
                "media_type": media_type,
                "sha256": sha256,
                "size": size,
                "created_at": created_at,
                "content_pruned_at": content_pruned_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        name = d.pop("name")

        media_type = d.pop("media_type")

        sha256 = d.pop("sha256")

        size = d.pop("size")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_content_pruned_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                content_pruned_at_type_0 = datetime.datetime.fromisoformat(data)

                return content_pruned_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        content_pruned_at = _parse_content_pruned_at(d.pop("content_pruned_at"))

        ledger_snapshot_artifacts_item = cls(
            attempt=attempt,
            name=name,
            media_type=media_type,
            sha256=sha256,
            size=size,
            created_at=created_at,
            content_pruned_at=content_pruned_at,
        )

        ledger_snapshot_artifacts_item.additional_properties = d
        return ledger_snapshot_artifacts_item

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
