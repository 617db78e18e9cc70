from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProjectConfigDiscoveryEnrichmentsItemBatchMatch")


@_attrs_define
class ProjectConfigDiscoveryEnrichmentsItemBatchMatch:
    """
    Attributes:
        column (str):
        parameter (str):
    """

    column: str
    parameter: str

    def to_dict(self) -> dict[str, Any]:
        column = self.column

        parameter = self.parameter

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "column": column,
                "parameter": parameter,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        column = d.pop("column")

        parameter = d.pop("parameter")

        project_config_discovery_enrichments_item_batch_match = cls(
            column=column,
            parameter=parameter,
        )

        return project_config_discovery_enrichments_item_batch_match
