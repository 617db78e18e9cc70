from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigGraph")


@_attrs_define
class ProjectConfigGraph:
    """
    Attributes:
        sha256 (str):
        path (str | Unset):
        url (str | Unset):
    """

    sha256: str
    path: str | Unset = UNSET
    url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        sha256 = self.sha256

        path = self.path

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sha256": sha256,
            }
        )
        if path is not UNSET:
            field_dict["path"] = path
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sha256 = d.pop("sha256")

        path = d.pop("path", UNSET)

        url = d.pop("url", UNSET)

        project_config_graph = cls(
            sha256=sha256,
            path=path,
            url=url,
        )

        return project_config_graph
