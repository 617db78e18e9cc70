from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.project_config_discovery_queries_item_batch_via import (
    ProjectConfigDiscoveryQueriesItemBatchVia,
    check_project_config_discovery_queries_item_batch_via,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_config_discovery_queries_item_batch_match import (
        ProjectConfigDiscoveryQueriesItemBatchMatch,
    )


T = TypeVar("T", bound="ProjectConfigDiscoveryQueriesItemBatch")


@_attrs_define
class ProjectConfigDiscoveryQueriesItemBatch:
    """
    Attributes:
        via (ProjectConfigDiscoveryQueriesItemBatchVia):
        sources_per_query (int | Unset):  Default: 100.
        match (ProjectConfigDiscoveryQueriesItemBatchMatch | Unset):
    """

    via: ProjectConfigDiscoveryQueriesItemBatchVia
    sources_per_query: int | Unset = 100
    match: ProjectConfigDiscoveryQueriesItemBatchMatch | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        via: str = self.via

        sources_per_query = self.sources_per_query

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "via": via,
            }
        )
        if sources_per_query is not UNSET:
            field_dict["sources_per_query"] = sources_per_query
        if match is not UNSET:
            field_dict["match"] = match

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_discovery_queries_item_batch_match import (
            ProjectConfigDiscoveryQueriesItemBatchMatch,
        )

        d = dict(src_dict)
        via = check_project_config_discovery_queries_item_batch_via(d.pop("via"))

        sources_per_query = d.pop("sources_per_query", UNSET)

        _match = d.pop("match", UNSET)
        match: ProjectConfigDiscoveryQueriesItemBatchMatch | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = ProjectConfigDiscoveryQueriesItemBatchMatch.from_dict(_match)

        project_config_discovery_queries_item_batch = cls(
            via=via,
            sources_per_query=sources_per_query,
            match=match,
        )

        return project_config_discovery_queries_item_batch
