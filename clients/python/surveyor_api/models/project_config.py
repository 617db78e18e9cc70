from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_config_archives import ProjectConfigArchives
    from ..models.project_config_automation import ProjectConfigAutomation
    from ..models.project_config_budget import ProjectConfigBudget
    from ..models.project_config_discovery import ProjectConfigDiscovery
    from ..models.project_config_graph import ProjectConfigGraph
    from ..models.project_config_graph_patches_item import ProjectConfigGraphPatchesItem
    from ..models.project_config_manifest import ProjectConfigManifest
    from ..models.project_config_metadata import ProjectConfigMetadata
    from ..models.project_config_output_verification import (
        ProjectConfigOutputVerification,
    )
    from ..models.project_config_source_identity import ProjectConfigSourceIdentity
    from ..models.project_config_transforms import ProjectConfigTransforms


T = TypeVar("T", bound="ProjectConfig")


@_attrs_define
class ProjectConfig:
    """
    Attributes:
        api_version (Literal['surveyor/v1']):
        kind (Literal['ProjectConfig']):
        metadata (ProjectConfigMetadata):
        archives (ProjectConfigArchives):
        source_identity (ProjectConfigSourceIdentity):
        discovery (ProjectConfigDiscovery):
        manifest (ProjectConfigManifest):
        graph (ProjectConfigGraph):
        transforms (ProjectConfigTransforms | Unset):
        graph_patches (list[ProjectConfigGraphPatchesItem] | Unset):
        output_verification (ProjectConfigOutputVerification | Unset):
        automation (ProjectConfigAutomation | Unset):
        budget (ProjectConfigBudget | Unset):
    """

    api_version: Literal["surveyor/v1"]
    kind: Literal["ProjectConfig"]
    metadata: ProjectConfigMetadata
    archives: ProjectConfigArchives
    source_identity: ProjectConfigSourceIdentity
    discovery: ProjectConfigDiscovery
    manifest: ProjectConfigManifest
    graph: ProjectConfigGraph
    transforms: ProjectConfigTransforms | Unset = UNSET
    graph_patches: list[ProjectConfigGraphPatchesItem] | Unset = UNSET
    output_verification: ProjectConfigOutputVerification | Unset = UNSET
    automation: ProjectConfigAutomation | Unset = UNSET
    budget: ProjectConfigBudget | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        api_version = self.api_version

        kind = self.kind

        metadata = self.metadata.to_dict()

        archives = self.archives.to_dict()

        source_identity = self.source_identity.to_dict()

        discovery = self.discovery.to_dict()

        manifest = self.manifest.to_dict()

        graph = self.graph.to_dict()

        transforms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.transforms, Unset):
            transforms = self.transforms.to_dict()

        graph_patches: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.graph_patches, Unset):
            graph_patches = []
            for graph_patches_item_data in self.graph_patches:
                graph_patches_item = graph_patches_item_data.to_dict()
                graph_patches.append(graph_patches_item)

        output_verification: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output_verification, Unset):
            output_verification = self.output_verification.to_dict()

        automation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.automation, Unset):
            automation = self.automation.to_dict()

        budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.budget, Unset):
            budget = self.budget.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apiVersion": api_version,
                "kind": kind,
                "metadata": metadata,
                "archives": archives,
                "source_identity": source_identity,
                "discovery": discovery,
                "manifest": manifest,
                "graph": graph,
            }
        )
        if transforms is not UNSET:
            field_dict["transforms"] = transforms
        if graph_patches is not UNSET:
            field_dict["graph_patches"] = graph_patches
        if output_verification is not UNSET:
            field_dict["output_verification"] = output_verification
        if automation is not UNSET:
            field_dict["automation"] = automation
        if budget is not UNSET:
            field_dict["budget"] = budget

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_archives import ProjectConfigArchives
        from ..models.project_config_automation import ProjectConfigAutomation
        from ..models.project_config_budget import ProjectConfigBudget
        from ..models.project_config_discovery import ProjectConfigDiscovery
        from ..models.project_config_graph import ProjectConfigGraph
        from ..models.project_config_graph_patches_item import (
            ProjectConfigGraphPatchesItem,
        )
        from ..models.project_config_manifest import ProjectConfigManifest
        from ..models.project_config_metadata import ProjectConfigMetadata
        from ..models.project_config_output_verification import (
            ProjectConfigOutputVerification,
        )
        from ..models.project_config_source_identity import ProjectConfigSourceIdentity
        from ..models.project_config_transforms import ProjectConfigTransforms

        d = dict(src_dict)
        api_version = cast(Literal["surveyor/v1"], d.pop("apiVersion"))
        if api_version != "surveyor/v1":
            raise ValueError(
                f"apiVersion must match const 'surveyor/v1', got '{api_version}'"
            )

        kind = cast(Literal["ProjectConfig"], d.pop("kind"))
        if kind != "ProjectConfig":
            raise ValueError(f"kind must match const 'ProjectConfig', got '{kind}'")

        metadata = ProjectConfigMetadata.from_dict(d.pop("metadata"))

        archives = ProjectConfigArchives.from_dict(d.pop("archives"))

        source_identity = ProjectConfigSourceIdentity.from_dict(
            d.pop("source_identity")
        )

        discovery = ProjectConfigDiscovery.from_dict(d.pop("discovery"))

        manifest = ProjectConfigManifest.from_dict(d.pop("manifest"))

        graph = ProjectConfigGraph.from_dict(d.pop("graph"))

        _transforms = d.pop("transforms", UNSET)
        transforms: ProjectConfigTransforms | Unset
        if isinstance(_transforms, Unset):
            transforms = UNSET
        else:
            transforms = ProjectConfigTransforms.from_dict(_transforms)

        _graph_patches = d.pop("graph_patches", UNSET)
        graph_patches: list[ProjectConfigGraphPatchesItem] | Unset = UNSET
        if _graph_patches is not UNSET:
            graph_patches = []
            for graph_patches_item_data in _graph_patches:
                graph_patches_item = ProjectConfigGraphPatchesItem.from_dict(
                    graph_patches_item_data
                )

                graph_patches.append(graph_patches_item)

        _output_verification = d.pop("output_verification", UNSET)
        output_verification: ProjectConfigOutputVerification | Unset
        if isinstance(_output_verification, Unset):
            output_verification = UNSET
        else:
            output_verification = ProjectConfigOutputVerification.from_dict(
                _output_verification
            )

        _automation = d.pop("automation", UNSET)
        automation: ProjectConfigAutomation | Unset
        if isinstance(_automation, Unset):
            automation = UNSET
        else:
            automation = ProjectConfigAutomation.from_dict(_automation)

        _budget = d.pop("budget", UNSET)
        budget: ProjectConfigBudget | Unset
        if isinstance(_budget, Unset):
            budget = UNSET
        else:
            budget = ProjectConfigBudget.from_dict(_budget)

        project_config = cls(
            api_version=api_version,
            kind=kind,
            metadata=metadata,
            archives=archives,
            source_identity=source_identity,
            discovery=discovery,
            manifest=manifest,
            graph=graph,
            transforms=transforms,
            graph_patches=graph_patches,
            output_verification=output_verification,
            automation=automation,
            budget=budget,
        )

        return project_config
