from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DevicePollRequest")


@_attrs_define
class DevicePollRequest:
    """
    Attributes:
        handle (str):
    """

    handle: str

    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "handle": handle,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        handle = d.pop("handle")

        device_poll_request = cls(
            handle=handle,
        )

        return device_poll_request
