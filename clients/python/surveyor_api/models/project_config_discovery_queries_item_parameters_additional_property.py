from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.project_config_discovery_queries_item_parameters_additional_property_type import (
    ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType,
    check_project_config_discovery_queries_item_parameters_additional_property_type,
)

T = TypeVar("T", bound="ProjectConfigDiscoveryQueriesItemParametersAdditionalProperty")


@_attrs_define
class ProjectConfigDiscoveryQueriesItemParametersAdditionalProperty:
    """
    Attributes:
        type_ (ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType):
    """

    type_: ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_project_config_discovery_queries_item_parameters_additional_property_type(
            d.pop("type")
        )

        project_config_discovery_queries_item_parameters_additional_property = cls(
            type_=type_,
        )

        return project_config_discovery_queries_item_parameters_additional_property
