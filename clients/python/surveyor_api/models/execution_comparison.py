from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution_comparison_backend import ExecutionComparisonBackend
    from ..models.execution_comparison_configuration import (
        ExecutionComparisonConfiguration,
    )
    from ..models.execution_comparison_graph import ExecutionComparisonGraph
    from ..models.execution_comparison_manifest import ExecutionComparisonManifest
    from ..models.execution_comparison_outcome import ExecutionComparisonOutcome
    from ..models.execution_comparison_profile import ExecutionComparisonProfile
    from ..models.execution_comparison_sources import ExecutionComparisonSources


T = TypeVar("T", bound="ExecutionComparison")


@_attrs_define
class ExecutionComparison:
    """
    Attributes:
        a (str):
        b (str):
        same (bool):
        configuration (ExecutionComparisonConfiguration):
        graph (ExecutionComparisonGraph):
        profile (ExecutionComparisonProfile):
        sources (ExecutionComparisonSources):
        manifest (ExecutionComparisonManifest):
        backend (ExecutionComparisonBackend):
        outcome (ExecutionComparisonOutcome):
    """

    a: str
    b: str
    same: bool
    configuration: ExecutionComparisonConfiguration
    graph: ExecutionComparisonGraph
    profile: ExecutionComparisonProfile
    sources: ExecutionComparisonSources
    manifest: ExecutionComparisonManifest
    backend: ExecutionComparisonBackend
    outcome: ExecutionComparisonOutcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b = self.b

        same = self.same

        configuration = self.configuration.to_dict()

        graph = self.graph.to_dict()

        profile = self.profile.to_dict()

        sources = self.sources.to_dict()

        manifest = self.manifest.to_dict()

        backend = self.backend.to_dict()

        outcome = self.outcome.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "same": same,
                "configuration": configuration,
                "graph": graph,
                "profile": profile,
                "sources": sources,
                "manifest": manifest,
                "backend": backend,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_comparison_backend import ExecutionComparisonBackend
        from ..models.execution_comparison_configuration import (
            ExecutionComparisonConfiguration,
        )
        from ..models.execution_comparison_graph import ExecutionComparisonGraph
        from ..models.execution_comparison_manifest import ExecutionComparisonManifest
        from ..models.execution_comparison_outcome import ExecutionComparisonOutcome
        from ..models.execution_comparison_profile import ExecutionComparisonProfile
        from ..models.execution_comparison_sources import ExecutionComparisonSources

        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        same = d.pop("same")

        configuration = ExecutionComparisonConfiguration.from_dict(
            d.pop("configuration")
        )

        graph = ExecutionComparisonGraph.from_dict(d.pop("graph"))

        profile = ExecutionComparisonProfile.from_dict(d.pop("profile"))

        sources = ExecutionComparisonSources.from_dict(d.pop("sources"))

        manifest = ExecutionComparisonManifest.from_dict(d.pop("manifest"))

        backend = ExecutionComparisonBackend.from_dict(d.pop("backend"))

        outcome = ExecutionComparisonOutcome.from_dict(d.pop("outcome"))

        execution_comparison = cls(
            a=a,
            b=b,
            same=same,
            configuration=configuration,
            graph=graph,
            profile=profile,
            sources=sources,
            manifest=manifest,
            backend=backend,
            outcome=outcome,
        )

        execution_comparison.additional_properties = d
        return execution_comparison

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
