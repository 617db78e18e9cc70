from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution_comparison_backend_a import ExecutionComparisonBackendA
    from ..models.execution_comparison_backend_b import ExecutionComparisonBackendB


T = TypeVar("T", bound="ExecutionComparisonBackend")


@_attrs_define
class ExecutionComparisonBackend:
    """
    Attributes:
        a (ExecutionComparisonBackendA):
        b (ExecutionComparisonBackendB):
    """

    a: ExecutionComparisonBackendA
    b: ExecutionComparisonBackendB
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a.to_dict()

        b = self.b.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_comparison_backend_a import ExecutionComparisonBackendA
        from ..models.execution_comparison_backend_b import ExecutionComparisonBackendB

        d = dict(src_dict)
        a = ExecutionComparisonBackendA.from_dict(d.pop("a"))

        b = ExecutionComparisonBackendB.from_dict(d.pop("b"))

        execution_comparison_backend = cls(
            a=a,
            b=b,
        )

        execution_comparison_backend.additional_properties = d
        return execution_comparison_backend

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
