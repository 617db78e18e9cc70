from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExecutionComparisonConfigurationB")


@_attrs_define
class ExecutionComparisonConfigurationB:
    """
    Attributes:
        project_module (str):
        version (float):
        content_hash (None | str):
    """

    project_module: str
    version: float
    content_hash: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        version = self.version

        content_hash: None | str
        content_hash = self.content_hash

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_module": project_module,
                "version": version,
                "content_hash": content_hash,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_module = d.pop("project_module")

        version = d.pop("version")

        def _parse_content_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content_hash = _parse_content_hash(d.pop("content_hash"))

        execution_comparison_configuration_b = cls(
            project_module=project_module,
            version=version,
            content_hash=content_hash,
        )

        execution_comparison_configuration_b.additional_properties = d
        return execution_comparison_configuration_b

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
