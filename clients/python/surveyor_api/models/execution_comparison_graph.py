from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExecutionComparisonGraph")


@_attrs_define
class ExecutionComparisonGraph:
    """
    Attributes:
        a (None | str):
        b (None | str):
        same (bool):
    """

    a: None | str
    b: None | str
    same: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a: None | str
        a = self.a

        b: None | str
        b = self.b

        same = self.same

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "same": same,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_a(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        a = _parse_a(d.pop("a"))

        def _parse_b(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        b = _parse_b(d.pop("b"))

        same = d.pop("same")

        execution_comparison_graph = cls(
            a=a,
            b=b,
            same=same,
        )

        execution_comparison_graph.additional_properties = d
        return execution_comparison_graph

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
