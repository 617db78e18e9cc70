from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_config_discovery_discovery_flags import (
        ProjectConfigDiscoveryDiscoveryFlags,
    )
    from ..models.project_config_discovery_enrichments_item import (
        ProjectConfigDiscoveryEnrichmentsItem,
    )
    from ..models.project_config_discovery_field_map import (
        ProjectConfigDiscoveryFieldMap,
    )
    from ..models.project_config_discovery_queries_item import (
        ProjectConfigDiscoveryQueriesItem,
    )
    from ..models.project_config_discovery_signature import (
        ProjectConfigDiscoverySignature,
    )


T = TypeVar("T", bound="ProjectConfigDiscovery")


@_attrs_define
class ProjectConfigDiscovery:
    """
    Attributes:
        queries (list[ProjectConfigDiscoveryQueriesItem]):
        datasets_from (str):
        enrichments (list[ProjectConfigDiscoveryEnrichmentsItem] | Unset):
        field_map (ProjectConfigDiscoveryFieldMap | Unset):
        discovery_flags (ProjectConfigDiscoveryDiscoveryFlags | Unset):
        required_flags (list[str] | Unset):
        access_check (bool | Unset):  Default: False.
        signature (ProjectConfigDiscoverySignature | Unset):
    """

    queries: list[ProjectConfigDiscoveryQueriesItem]
    datasets_from: str
    enrichments: list[ProjectConfigDiscoveryEnrichmentsItem] | Unset = UNSET
    field_map: ProjectConfigDiscoveryFieldMap | Unset = UNSET
    discovery_flags: ProjectConfigDiscoveryDiscoveryFlags | Unset = UNSET
    required_flags: list[str] | Unset = UNSET
    access_check: bool | Unset = False
    signature: ProjectConfigDiscoverySignature | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        queries = []
        for queries_item_data in self.queries:
            queries_item = queries_item_data.to_dict()
            queries.append(queries_item)

        datasets_from = self.datasets_from

        enrichments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.enrichments, Unset):
            enrichments = []
            for enrichments_item_data in self.enrichments:
                enrichments_item = enrichments_item_data.to_dict()
                enrichments.append(enrichments_item)

        field_map: dict[str, Any] | Unset = UNSET
        if not isinstance(self.field_map, Unset):
            field_map = self.field_map.to_dict()

        discovery_flags: dict[str, Any] | Unset = UNSET
        if not isinstance(self.discovery_flags, Unset):
            discovery_flags = self.discovery_flags.to_dict()

        required_flags: list[str] | Unset = UNSET
        if not isinstance(self.required_flags, Unset):
            required_flags = self.required_flags

        access_check = self.access_check

        signature: dict[str, Any] | Unset = UNSET
        if not isinstance(self.signature, Unset):
            signature = self.signature.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "queries": queries,
                "datasets_from": datasets_from,
            }
        )
        if enrichments is not UNSET:
            field_dict["enrichments"] = enrichments
        if field_map is not UNSET:
            field_dict["field_map"] = field_map
        if discovery_flags is not UNSET:
            field_dict["discovery_flags"] = discovery_flags
        if required_flags is not UNSET:
            field_dict["required_flags"] = required_flags
        if access_check is not UNSET:
            field_dict["access_check"] = access_check
        if signature is not UNSET:
            field_dict["signature"] = signature

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_discovery_discovery_flags import (
            ProjectConfigDiscoveryDiscoveryFlags,
        )
        from ..models.project_config_discovery_enrichments_item import (
            ProjectConfigDiscoveryEnrichmentsItem,
        )
        from ..models.project_config_discovery_field_map import (
            ProjectConfigDiscoveryFieldMap,
        )
        from ..models.project_config_discovery_queries_item import (
            ProjectConfigDiscoveryQueriesItem,
        )
        from ..models.project_config_discovery_signature import (
            ProjectConfigDiscoverySignature,
        )

        d = dict(src_dict)
        queries = []
        _queries = d.pop("queries")
        for queries_item_data in _queries:
            queries_item = ProjectConfigDiscoveryQueriesItem.from_dict(
                queries_item_data
            )

            queries.append(queries_item)

        datasets_from = d.pop("datasets_from")

        _enrichments = d.pop("enrichments", UNSET)
        enrichments: list[ProjectConfigDiscoveryEnrichmentsItem] | Unset = UNSET
        if _enrichments is not UNSET:
            enrichments = []
            for enrichments_item_data in _enrichments:
                enrichments_item = ProjectConfigDiscoveryEnrichmentsItem.from_dict(
                    enrichments_item_data
                )

                enrichments.append(enrichments_item)

        _field_map = d.pop("field_map", UNSET)
        field_map: ProjectConfigDiscoveryFieldMap | Unset
        if isinstance(_field_map, Unset):
            field_map = UNSET
        else:
            field_map = ProjectConfigDiscoveryFieldMap.from_dict(_field_map)

        _discovery_flags = d.pop("discovery_flags", UNSET)
        discovery_flags: ProjectConfigDiscoveryDiscoveryFlags | Unset
        if isinstance(_discovery_flags, Unset):
            discovery_flags = UNSET
        else:
            discovery_flags = ProjectConfigDiscoveryDiscoveryFlags.from_dict(
                _discovery_flags
            )

        required_flags = cast(list[str], d.pop("required_flags", UNSET))

        access_check = d.pop("access_check", UNSET)

        _signature = d.pop("signature", UNSET)
        signature: ProjectConfigDiscoverySignature | Unset
        if isinstance(_signature, Unset):
            signature = UNSET
        else:
            signature = ProjectConfigDiscoverySignature.from_dict(_signature)

        project_config_discovery = cls(
            queries=queries,
            datasets_from=datasets_from,
            enrichments=enrichments,
            field_map=field_map,
            discovery_flags=discovery_flags,
            required_flags=required_flags,
            access_check=access_check,
            signature=signature,
        )

        return project_config_discovery
