from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReproduceRequest")


@_attrs_define
class ReproduceRequest:
    """
    Attributes:
        execute (bool | Unset):
        dry_run (bool | Unset):
        with_current_config (bool | Unset):
        with_current_profile (bool | Unset):
        with_current_metadata (bool | Unset):
    """

    execute: bool | Unset = UNSET
    dry_run: bool | Unset = UNSET
    with_current_config: bool | Unset = UNSET
    with_current_profile: bool | Unset = UNSET
    with_current_metadata: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        execute = self.execute

        dry_run = self.dry_run

        with_current_config = self.with_current_config

        with_current_profile = self.with_current_profile

        with_current_metadata = self.with_current_metadata

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if execute is not UNSET:
            field_dict["execute"] = execute
        if dry_run is not UNSET:
            field_dict["dry_run"] = dry_run
        if with_current_config is not UNSET:
            field_dict["with_current_config"] = with_current_config
        if with_current_profile is not UNSET:
            field_dict["with_current_profile"] = with_current_profile
        if with_current_metadata is not UNSET:
            field_dict["with_current_metadata"] = with_current_metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        execute = d.pop("execute", UNSET)

        dry_run = d.pop("dry_run", UNSET)

        with_current_config = d.pop("with_current_config", UNSET)

        with_current_profile = d.pop("with_current_profile", UNSET)

        with_current_metadata = d.pop("with_current_metadata", UNSET)

        reproduce_request = cls(
            execute=execute,
            dry_run=dry_run,
            with_current_config=with_current_config,
            with_current_profile=with_current_profile,
            with_current_metadata=with_current_metadata,
        )

        return reproduce_request
