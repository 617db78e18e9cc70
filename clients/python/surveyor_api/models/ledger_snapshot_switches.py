from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerSnapshotSwitches")


@_attrs_define
class LedgerSnapshotSwitches:
    """
    Attributes:
        do_stage (bool | None):
        do_submit (bool | None):
    """

    do_stage: bool | None
    do_submit: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        do_stage: bool | None
        do_stage = self.do_stage

        do_submit: bool | None
        do_submit = self.do_submit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "do_stage": do_stage,
                "do_submit": do_submit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_do_stage(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        do_stage = _parse_do_stage(d.pop("do_stage"))

        def _parse_do_submit(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        do_submit = _parse_do_submit(d.pop("do_submit"))

        ledger_snapshot_switches = cls(
            do_stage=do_stage,
            do_submit=do_submit,
        )

        ledger_snapshot_switches.additional_properties = d
        return ledger_snapshot_switches

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
