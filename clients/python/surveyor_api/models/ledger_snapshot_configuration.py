from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_snapshot_configuration_graph_type_0 import (
        LedgerSnapshotConfigurationGraphType0,
    )


T = TypeVar("T", bound="LedgerSnapshotConfiguration")


@_attrs_define
class LedgerSnapshotConfiguration:
    """
    Attributes:
        project_module (str):
        version (float):
        content_hash (None | str):
        graph (LedgerSnapshotConfigurationGraphType0 | None):
    """

    project_module: str
    version: float
    content_hash: None | str
    graph: LedgerSnapshotConfigurationGraphType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ledger_snapshot_configuration_graph_type_0 import (
            LedgerSnapshotConfigurationGraphType0,
        )

        project_module = self.project_module

        version = self.version

        content_hash: None | str
        content_hash = self.content_hash

        graph: dict[str, Any] | None
        if isinstance(self.graph, LedgerSnapshotConfigurationGraphType0):
            graph = self.graph.to_dict()
        else:
            graph = self.graph

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_module": project_module,
                "version": version,
                "content_hash": content_hash,
                "graph": graph,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_snapshot_configuration_graph_type_0 import (
            LedgerSnapshotConfigurationGraphType0,
        )

        d = dict(src_dict)
        project_module = d.pop("project_module")

        version = d.pop("version")

        def _parse_content_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content_hash = _parse_content_hash(d.pop("content_hash"))

        def _parse_graph(data: object) -> LedgerSnapshotConfigurationGraphType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                graph_type_0 = LedgerSnapshotConfigurationGraphType0.from_dict(data)

                return graph_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LedgerSnapshotConfigurationGraphType0 | None, data)

        graph = _parse_graph(d.pop("graph"))

        ledger_snapshot_configuration = cls(
            project_module=project_module,
            version=version,
            content_hash=content_hash,
            graph=graph,
        )

        ledger_snapshot_configuration.additional_properties = d
        return ledger_snapshot_configuration

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
