from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Worker")


@_attrs_define
class Worker:
    """
    Attributes:
        id (str):
        hostname (str):
        pid (float):
        roles (list[str]):
        started_at (datetime.datetime):
        heartbeat_at (datetime.datetime):
        drain_requested_at (datetime.datetime | None):
        drain_requested_by (None | str):
    """

    id: str
    hostname: str
    pid: float
    roles: list[str]
    started_at: datetime.datetime
    heartbeat_at: datetime.datetime
    drain_requested_at: datetime.datetime | None
    drain_requested_by: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        hostname = self.hostname

        pid = self.pid

        roles = self.roles

        started_at = self.started_at.isoformat()

        heartbeat_at = self.heartbeat_at.isoformat()

        drain_requested_at: None | str
        if isinstance(self.drain_requested_at, datetime.datetime):
            drain_requested_at = self.drain_requested_at.isoformat()
        else:
            drain_requested_at = self.drain_requested_at

        drain_requested_by: None | str
        drain_requested_by = self.drain_requested_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "hostname": hostname,
                "pid": pid,
                "roles": roles,
                "started_at": started_at,
                "heartbeat_at": heartbeat_at,
                "drain_requested_at": drain_requested_at,
                "drain_requested_by": drain_requested_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        hostname = d.pop("hostname")

        pid = d.pop("pid")

        roles = cast(list[str], d.pop("roles"))

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        heartbeat_at = datetime.datetime.fromisoformat(d.pop("heartbeat_at"))

        def _parse_drain_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                drain_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return drain_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        drain_requested_at = _parse_drain_requested_at(d.pop("drain_requested_at"))

        def _parse_drain_requested_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        drain_requested_by = _parse_drain_requested_by(d.pop("drain_requested_by"))

        worker = cls(
            id=id,
            hostname=hostname,
            pid=pid,
            roles=roles,
            started_at=started_at,
            heartbeat_at=heartbeat_at,
            drain_requested_at=drain_requested_at,
            drain_requested_by=drain_requested_by,
        )

        worker.additional_properties = d
        return worker

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
