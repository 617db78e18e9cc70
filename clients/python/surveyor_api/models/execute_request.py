from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExecuteRequest")


@_attrs_define
class ExecuteRequest:
    """
    Attributes:
        do_stage (bool | Unset):
        do_submit (bool | Unset):
    """

    do_stage: bool | Unset = UNSET
    do_submit: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        do_stage = self.do_stage

        do_submit = self.do_submit

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if do_stage is not UNSET:
            field_dict["do_stage"] = do_stage
        if do_submit is not UNSET:
            field_dict["do_submit"] = do_submit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        do_stage = d.pop("do_stage", UNSET)

        do_submit = d.pop("do_submit", UNSET)

        execute_request = cls(
            do_stage=do_stage,
            do_submit=do_submit,
        )

        return execute_request
