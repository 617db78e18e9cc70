from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution_comparison_configuration_a import (
        ExecutionComparisonConfigurationA,
    )
    from ..models.execution_comparison_configuration_b import (
        ExecutionComparisonConfigurationB,
    )


T = TypeVar("T", bound="ExecutionComparisonConfiguration")


@_attrs_define
class ExecutionComparisonConfiguration:
    """
    Attributes:
        a (ExecutionComparisonConfigurationA):
        b (ExecutionComparisonConfigurationB):
        same (bool):
        yaml_diff (None | str):
        yaml_diff_omitted (None | str):
    """

    a: ExecutionComparisonConfigurationA
    b: ExecutionComparisonConfigurationB
    same: bool
    yaml_diff: None | str
    yaml_diff_omitted: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a.to_dict()

        b = self.b.to_dict()

        same = self.same

        yaml_diff: None | str
        yaml_diff = self.yaml_diff

        yaml_diff_omitted: None | str
        yaml_diff_omitted = self.yaml_diff_omitted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "same": same,
                "yaml_diff": yaml_diff,
                "yaml_diff_omitted": yaml_diff_omitted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_comparison_configuration_a import (
            ExecutionComparisonConfigurationA,
        )
        from ..models.execution_comparison_configuration_b import (
            ExecutionComparisonConfigurationB,
        )

        d = dict(src_dict)
        a = ExecutionComparisonConfigurationA.from_dict(d.pop("a"))

        b = ExecutionComparisonConfigurationB.from_dict(d.pop("b"))

        same = d.pop("same")

        def _parse_yaml_diff(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        yaml_diff = _parse_yaml_diff(d.pop("yaml_diff"))

        def _parse_yaml_diff_omitted(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        yaml_diff_omitted = _parse_yaml_diff_omitted(d.pop("yaml_diff_omitted"))

        execution_comparison_configuration = cls(
            a=a,
            b=b,
            same=same,
            yaml_diff=yaml_diff,
            yaml_diff_omitted=yaml_diff_omitted,
        )

        execution_comparison_configuration.additional_properties = d
        return execution_comparison_configuration

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
