from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_config_discovery_queries_item_batch import (
        ProjectConfigDiscoveryQueriesItemBatch,
    )
    from ..models.project_config_discovery_queries_item_parameters import (
        ProjectConfigDiscoveryQueriesItemParameters,
    )


T = TypeVar("T", bound="ProjectConfigDiscoveryQueriesItem")


@_attrs_define
class ProjectConfigDiscoveryQueriesItem:
    """
    Attributes:
        name (str):
        archive (str):
        adql (str):
        parameters (ProjectConfigDiscoveryQueriesItemParameters | Unset):
        max_rows (int | Unset):  Default: 10000.
        batch (ProjectConfigDiscoveryQueriesItemBatch | Unset):
    """

    name: str
    archive: str
    adql: str
    parameters: ProjectConfigDiscoveryQueriesItemParameters | Unset = UNSET
    max_rows: int | Unset = 10000
    batch: ProjectConfigDiscoveryQueriesItemBatch | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        archive = self.archive

        adql = self.adql

        parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters.to_dict()

        max_rows = self.max_rows

        batch: dict[str, Any] | Unset = UNSET
        if not isinstance(self.batch, Unset):
            batch = self.batch.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "archive": archive,
                "adql": adql,
            }
        )
        if parameters is not UNSET:
            field_dict["parameters"] = parameters
        if max_rows is not UNSET:
            field_dict["max_rows"] = max_rows
        if batch is not UNSET:
            field_dict["batch"] = batch

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_discovery_queries_item_batch import (
            ProjectConfigDiscoveryQueriesItemBatch,
        )
        from ..models.project_config_discovery_queries_item_parameters import (
            ProjectConfigDiscoveryQueriesItemParameters,
        )

        d = dict(src_dict)
        name = d.pop("name")

        archive = d.pop("archive")

        adql = d.pop("adql")

        _parameters = d.pop("parameters", UNSET)
        parameters: ProjectConfigDiscoveryQueriesItemParameters | Unset
        if isinstance(_parameters, Unset):
            parameters = UNSET
        else:
            parameters = ProjectConfigDiscoveryQueriesItemParameters.from_dict(
                _parameters
            )

        max_rows = d.pop("max_rows", UNSET)

        _batch = d.pop("batch", UNSET)
        batch: ProjectConfigDiscoveryQueriesItemBatch | Unset
        if isinstance(_batch, Unset):
            batch = UNSET
        else:
            batch = ProjectConfigDiscoveryQueriesItemBatch.from_dict(_batch)

        project_config_discovery_queries_item = cls(
            name=name,
            archive=archive,
            adql=adql,
            parameters=parameters,
            max_rows=max_rows,
            batch=batch,
        )

        return project_config_discovery_queries_item
