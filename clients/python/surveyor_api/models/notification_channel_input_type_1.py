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

from ..models.notification_channel_input_type_1_security import (
    NotificationChannelInputType1Security,
    check_notification_channel_input_type_1_security,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationChannelInputType1")


@_attrs_define
class NotificationChannelInputType1:
    """
    Attributes:
        kind (Literal['email']):
        name (str):
        host (str):
        from_ (str):
        to (list[str]):
        description (str | Unset):  Default: ''.
        enabled (bool | Unset):  Default: True.
        port (int | Unset):
        security (NotificationChannelInputType1Security | Unset):  Default: 'starttls'.
        verify_tls (bool | Unset):  Default: True.
        username (None | str | Unset):
        password (str | Unset):
    """

    kind: Literal["email"]
    name: str
    host: str
    from_: str
    to: list[str]
    description: str | Unset = ""
    enabled: bool | Unset = True
    port: int | Unset = UNSET
    security: NotificationChannelInputType1Security | Unset = "starttls"
    verify_tls: bool | Unset = True
    username: None | str | Unset = UNSET
    password: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        host = self.host

        from_ = self.from_

        to = self.to

        description = self.description

        enabled = self.enabled

        port = self.port

        security: str | Unset = UNSET
        if not isinstance(self.security, Unset):
            security = self.security

        verify_tls = self.verify_tls

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
                "host": host,
                "from": from_,
                "to": to,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if port is not UNSET:
            field_dict["port"] = port
        if security is not UNSET:
            field_dict["security"] = security
        if verify_tls is not UNSET:
            field_dict["verify_tls"] = verify_tls
        if username is not UNSET:
            field_dict["username"] = username
        if password is not UNSET:
            field_dict["password"] = password

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["email"], d.pop("kind"))
        if kind != "email":
            raise ValueError(f"kind must match const 'email', got '{kind}'")

        name = d.pop("name")

        host = d.pop("host")

        from_ = d.pop("from")

        to = cast(list[str], d.pop("to"))

        description = d.pop("description", UNSET)

        enabled = d.pop("enabled", UNSET)

        port = d.pop("port", UNSET)

        _security = d.pop("security", UNSET)
        security: NotificationChannelInputType1Security | Unset
        if isinstance(_security, Unset):
            security = UNSET
        else:
            security = check_notification_channel_input_type_1_security(_security)

        verify_tls = d.pop("verify_tls", UNSET)

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))

        password = d.pop("password", UNSET)

        notification_channel_input_type_1 = cls(
            kind=kind,
            name=name,
            host=host,
            from_=from_,
            to=to,
            description=description,
            enabled=enabled,
            port=port,
            security=security,
            verify_tls=verify_tls,
            username=username,
            password=password,
        )

        return notification_channel_input_type_1
