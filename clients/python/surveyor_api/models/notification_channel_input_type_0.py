from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.notification_channel_input_type_0_format import (
    NotificationChannelInputType0Format,
    check_notification_channel_input_type_0_format,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationChannelInputType0")


@_attrs_define
class NotificationChannelInputType0:
    """
    Attributes:
        kind (Literal['webhook']):
        name (str):
        description (str | Unset):  Default: ''.
        enabled (bool | Unset):  Default: True.
        url (str | Unset):
        signing_secret (str | Unset):
        format_ (NotificationChannelInputType0Format | Unset):  Default: 'json'.
    """

    kind: Literal["webhook"]
    name: str
    description: str | Unset = ""
    enabled: bool | Unset = True
    url: str | Unset = UNSET
    signing_secret: str | Unset = UNSET
    format_: NotificationChannelInputType0Format | Unset = "json"

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        description = self.description

        enabled = self.enabled

        url = self.url

        signing_secret = self.signing_secret

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if url is not UNSET:
            field_dict["url"] = url
        if signing_secret is not UNSET:
            field_dict["signing_secret"] = signing_secret
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["webhook"], d.pop("kind"))
        if kind != "webhook":
            raise ValueError(f"kind must match const 'webhook', got '{kind}'")

        name = d.pop("name")

        description = d.pop("description", UNSET)

        enabled = d.pop("enabled", UNSET)

        url = d.pop("url", UNSET)

        signing_secret = d.pop("signing_secret", UNSET)

        _format_ = d.pop("format", UNSET)
        format_: NotificationChannelInputType0Format | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = check_notification_channel_input_type_0_format(_format_)

        notification_channel_input_type_0 = cls(
            kind=kind,
            name=name,
            description=description,
            enabled=enabled,
            url=url,
            signing_secret=signing_secret,
            format_=format_,
        )

        return notification_channel_input_type_0
