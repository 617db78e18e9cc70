from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_config_archives_additional_property_type_0 import (
        ProjectConfigArchivesAdditionalPropertyType0,
    )


T = TypeVar("T", bound="ProjectConfigArchives")


@_attrs_define
class ProjectConfigArchives:
    additional_properties: dict[str, ProjectConfigArchivesAdditionalPropertyType0] = (
        _attrs_field(init=False, factory=dict)
    )

    def to_dict(self) -> dict[str, Any]:
        from ..models.project_config_archives_additional_property_type_0 import (
            ProjectConfigArchivesAdditionalPropertyType0,
        )

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, ProjectConfigArchivesAdditionalPropertyType0):
                field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_archives_additional_property_type_0 import (
            ProjectConfigArchivesAdditionalPropertyType0,
        )

        d = dict(src_dict)
        project_config_archives = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(
                data: object,
            ) -> ProjectConfigArchivesAdditionalPropertyType0:
                if not isinstance(data, dict):
                    raise TypeError()
                additional_property_type_0 = (
                    ProjectConfigArchivesAdditionalPropertyType0.from_dict(data)
                )

                return additional_property_type_0

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        project_config_archives.additional_properties = additional_properties
        return project_config_archives

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> ProjectConfigArchivesAdditionalPropertyType0:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: ProjectConfigArchivesAdditionalPropertyType0
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
