from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SourceCreate")


@_attrs_define
class SourceCreate:
    """
    Attributes:
        project_module (str):
        source_identifier (str):
        enabled (bool | Unset):  Default: True.
    """

    project_module: str
    source_identifier: str
    enabled: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        source_identifier = self.source_identifier

        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "project_module": project_module,
                "source_identifier": source_identifier,
            }
        )
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_module = d.pop("project_module")

        source_identifier = d.pop("source_identifier")

        enabled = d.pop("enabled", UNSET)

        source_create = cls(
            project_module=project_module,
            source_identifier=source_identifier,
            enabled=enabled,
        )

        return source_create
