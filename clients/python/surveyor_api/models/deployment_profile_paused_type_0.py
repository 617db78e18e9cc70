from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeploymentProfilePausedType0")


@_attrs_define
class DeploymentProfilePausedType0:
    """
    Attributes:
        at (datetime.datetime):
        by (str):
        reason (str):
        from_ (datetime.datetime):
        until (datetime.datetime | None):
        holding (bool):
        waiting (float):
    """

    at: datetime.datetime
    by: str
    reason: str
    from_: datetime.datetime
    until: datetime.datetime | None
    holding: bool
    waiting: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        by = self.by

        reason = self.reason

        from_ = self.from_.isoformat()

        until: None | str
        if isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        holding = self.holding

        waiting = self.waiting

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "by": by,
                "reason": reason,
                "from": from_,
                "until": until,
                "holding": holding,
                "waiting": waiting,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        by = d.pop("by")

        reason = d.pop("reason")

        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        def _parse_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)

                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        until = _parse_until(d.pop("until"))

        holding = d.pop("holding")

        waiting = d.pop("waiting")

        deployment_profile_paused_type_0 = cls(
            at=at,
            by=by,
            reason=reason,
            from_=from_,
            until=until,
            holding=holding,
            waiting=waiting,
        )

        deployment_profile_paused_type_0.additional_properties = d
        return deployment_profile_paused_type_0

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
