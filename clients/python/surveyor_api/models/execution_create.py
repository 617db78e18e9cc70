from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.execution_create_sources_item import ExecutionCreateSourcesItem


T = TypeVar("T", bound="ExecutionCreate")


@_attrs_define
class ExecutionCreate:
    """
    Attributes:
        project_module (str):
        sources (list[ExecutionCreateSourcesItem]):
        archive_name (str):
        deployment_profile_name (str | Unset):
        deployment_profile_id (str | Unset):
    """

    project_module: str
    sources: list[ExecutionCreateSourcesItem]
    archive_name: str
    deployment_profile_name: str | Unset = UNSET
    deployment_profile_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        archive_name = self.archive_name

        deployment_profile_name = self.deployment_profile_name

        deployment_profile_id = self.deployment_profile_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "project_module": project_module,
                "sources": sources,
                "archive_name": archive_name,
            }
        )
        if deployment_profile_name is not UNSET:
            field_dict["deployment_profile_name"] = deployment_profile_name
        if deployment_profile_id is not UNSET:
            field_dict["deployment_profile_id"] = deployment_profile_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_create_sources_item import ExecutionCreateSourcesItem

        d = dict(src_dict)
        project_module = d.pop("project_module")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = ExecutionCreateSourcesItem.from_dict(sources_item_data)

            sources.append(sources_item)

        archive_name = d.pop("archive_name")

        deployment_profile_name = d.pop("deployment_profile_name", UNSET)

        deployment_profile_id = d.pop("deployment_profile_id", UNSET)

        execution_create = cls(
            project_module=project_module,
            sources=sources,
            archive_name=archive_name,
            deployment_profile_name=deployment_profile_name,
            deployment_profile_id=deployment_profile_id,
        )

        return execution_create
