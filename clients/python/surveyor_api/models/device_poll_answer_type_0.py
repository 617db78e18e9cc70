from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.device_poll_answer_type_0_status import (
    DevicePollAnswerType0Status,
    check_device_poll_answer_type_0_status,
)

T = TypeVar("T", bound="DevicePollAnswerType0")


@_attrs_define
class DevicePollAnswerType0:
    """
    Attributes:
        status (DevicePollAnswerType0Status):
        interval (float):
    """

    status: DevicePollAnswerType0Status
    interval: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        interval = self.interval

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "interval": interval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_device_poll_answer_type_0_status(d.pop("status"))

        interval = d.pop("interval")

        device_poll_answer_type_0 = cls(
            status=status,
            interval=interval,
        )

        device_poll_answer_type_0.additional_properties = d
        return device_poll_answer_type_0

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
