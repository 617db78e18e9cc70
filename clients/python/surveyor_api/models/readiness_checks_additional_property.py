from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.readiness_checks_additional_property_data import (
        ReadinessChecksAdditionalPropertyData,
    )


T = TypeVar("T", bound="ReadinessChecksAdditionalProperty")


@_attrs_define
class ReadinessChecksAdditionalProperty:
    """
    Attributes:
        ok (bool):
        detail (str):
        data (ReadinessChecksAdditionalPropertyData | Unset):
    """

    ok: bool
    detail: str
    data: ReadinessChecksAdditionalPropertyData | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        detail = self.detail

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "detail": detail,
            }
        )
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.readiness_checks_additional_property_data import (
            ReadinessChecksAdditionalPropertyData,
        )

        d = dict(src_dict)
        ok = d.pop("ok")

        detail = d.pop("detail")

        _data = d.pop("data", UNSET)
        data: ReadinessChecksAdditionalPropertyData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = ReadinessChecksAdditionalPropertyData.from_dict(_data)

        readiness_checks_additional_property = cls(
            ok=ok,
            detail=detail,
            data=data,
        )

        readiness_checks_additional_property.additional_properties = d
        return readiness_checks_additional_property

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
