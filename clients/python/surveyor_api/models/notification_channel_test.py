from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_channel_test_channel_kind import (
    NotificationChannelTestChannelKind,
    check_notification_channel_test_channel_kind,
)
from ..models.notification_channel_test_state import (
    NotificationChannelTestState,
    check_notification_channel_test_state,
)
from ..models.notification_channel_test_type import (
    NotificationChannelTestType,
    check_notification_channel_test_type,
)

T = TypeVar("T", bound="NotificationChannelTest")


@_attrs_define
class NotificationChannelTest:
    """
    Attributes:
        id (str):
        rule_id (None | str):
        rule_name (None | str):
        channel_id (str):
        channel_kind (NotificationChannelTestChannelKind):
        type_ (NotificationChannelTestType):
        subject (str):
        dedup_key (str):
        state (NotificationChannelTestState):
        attempts (float):
        suppressed (float):
        last_status (float | None):
        last_latency_ms (float | None):
        last_error (None | str):
        created_at (datetime.datetime):
        last_attempt_at (datetime.datetime | None):
        ended_at (datetime.datetime | None):
        ok (bool):
    """

    id: str
    rule_id: None | str
    rule_name: None | str
    channel_id: str
    channel_kind: NotificationChannelTestChannelKind
    type_: NotificationChannelTestType
    subject: str
    dedup_key: str
    state: NotificationChannelTestState
    attempts: float
    suppressed: float
    last_status: float | None
    last_latency_ms: float | None
    last_error: None | str
    created_at: datetime.datetime
    last_attempt_at: datetime.datetime | None
    ended_at: datetime.datetime | None
    ok: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        rule_id: None | str
        rule_id = self.rule_id

        rule_name: None | str
        rule_name = self.rule_name

        channel_id = self.channel_id

        channel_kind: str = self.channel_kind

        type_: str = self.type_

        subject = self.subject

        dedup_key = self.dedup_key

        state: str = self.state

        attempts = self.attempts

        suppressed = self.suppressed

        last_status: float | None
        last_status = self.last_status

        last_latency_ms: float | None
        last_latency_ms = self.last_latency_ms

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        ok = self.ok

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rule_id": rule_id,
                "rule_name": rule_name,
                "channel_id": channel_id,
                "channel_kind": channel_kind,
                "type": type_,
                "subject": subject,
                "dedup_key": dedup_key,
                "state": state,
                "attempts": attempts,
                "suppressed": suppressed,
                "last_status": last_status,
                "last_latency_ms": last_latency_ms,
                "last_error": last_error,
                "created_at": created_at,
                "last_attempt_at": last_attempt_at,
                "ended_at": ended_at,
                "ok": ok,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_rule_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule_id = _parse_rule_id(d.pop("rule_id"))

        def _parse_rule_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule_name = _parse_rule_name(d.pop("rule_name"))

        channel_id = d.pop("channel_id")

        channel_kind = check_notification_channel_test_channel_kind(
            d.pop("channel_kind")
        )

        type_ = check_notification_channel_test_type(d.pop("type"))

        subject = d.pop("subject")

        dedup_key = d.pop("dedup_key")

        state = check_notification_channel_test_state(d.pop("state"))

        attempts = d.pop("attempts")

        suppressed = d.pop("suppressed")

        def _parse_last_status(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        last_status = _parse_last_status(d.pop("last_status"))

        def _parse_last_latency_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        last_latency_ms = _parse_last_latency_ms(d.pop("last_latency_ms"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        ok = d.pop("ok")

        notification_channel_test = cls(
            id=id,
            rule_id=rule_id,
            rule_name=rule_name,
            channel_id=channel_id,
            channel_kind=channel_kind,
            type_=type_,
            subject=subject,
            dedup_key=dedup_key,
            state=state,
            attempts=attempts,
            suppressed=suppressed,
            last_status=last_status,
            last_latency_ms=last_latency_ms,
            last_error=last_error,
            created_at=created_at,
            last_attempt_at=last_attempt_at,
            ended_at=ended_at,
            ok=ok,
        )

        notification_channel_test.additional_properties = d
        return notification_channel_test

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
