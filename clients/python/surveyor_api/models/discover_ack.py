from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.discover_ack_skipped_item import DiscoverAckSkippedItem


T = TypeVar("T", bound="DiscoverAck")


@_attrs_define
class DiscoverAck:
    """
    Attributes:
        queued (list[str]):
        skipped (list[DiscoverAckSkippedItem]):
        jobs (float):
    """

    queued: list[str]
    skipped: list[DiscoverAckSkippedItem]
    jobs: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        queued = self.queued

        skipped = []
        for skipped_item_data in self.skipped:
            skipped_item = skipped_item_data.to_dict()
            skipped.append(skipped_item)

        jobs = self.jobs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "queued": queued,
                "skipped": skipped,
                "jobs": jobs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.discover_ack_skipped_item import DiscoverAckSkippedItem

        d = dict(src_dict)
        queued = cast(list[str], d.pop("queued"))

        skipped = []
        _skipped = d.pop("skipped")
        for skipped_item_data in _skipped:
            skipped_item = DiscoverAckSkippedItem.from_dict(skipped_item_data)

            skipped.append(skipped_item)

        jobs = d.pop("jobs")

        discover_ack = cls(
            queued=queued,
            skipped=skipped,
            jobs=jobs,
        )

        discover_ack.additional_properties = d
        return discover_ack

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
