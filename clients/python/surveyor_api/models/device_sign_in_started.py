from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeviceSignInStarted")


@_attrs_define
class DeviceSignInStarted:
    """
    Attributes:
        handle (str):
        user_code (str):
        verification_uri (str):
        verification_uri_complete (None | str):
        expires_in (float):
        interval (float):
    """

    handle: str
    user_code: str
    verification_uri: str
    verification_uri_complete: None | str
    expires_in: float
    interval: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        user_code = self.user_code

        verification_uri = self.verification_uri

        verification_uri_complete: None | str
        verification_uri_complete = self.verification_uri_complete

        expires_in = self.expires_in

        interval = self.interval

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "handle": handle,
                "user_code": user_code,
                "verification_uri": verification_uri,
                "verification_uri_complete": verification_uri_complete,
                "expires_in": expires_in,
                "interval": interval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        handle = d.pop("handle")

        user_code = d.pop("user_code")

        verification_uri = d.pop("verification_uri")

        def _parse_verification_uri_complete(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verification_uri_complete = _parse_verification_uri_complete(
            d.pop("verification_uri_complete")
        )

        expires_in = d.pop("expires_in")

        interval = d.pop("interval")

        device_sign_in_started = cls(
            handle=handle,
            user_code=user_code,
            verification_uri=verification_uri,
            verification_uri_complete=verification_uri_complete,
            expires_in=expires_in,
            interval=interval,
        )

        device_sign_in_started.additional_properties = d
        return device_sign_in_started

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
