from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.execution_comparison_sources_changed_item_fields_type_0_item import (
        ExecutionComparisonSourcesChangedItemFieldsType0Item,
    )


T = TypeVar("T", bound="ExecutionComparisonSourcesChangedItem")


@_attrs_define
class ExecutionComparisonSourcesChangedItem:
    """
    Attributes:
        source_identifier (str):
        signature_a (None | str):
        signature_b (None | str):
        fields (list[ExecutionComparisonSourcesChangedItemFieldsType0Item] | None):
        fields_truncated (bool):
    """

    source_identifier: str
    signature_a: None | str
    signature_b: None | str
    fields: list[ExecutionComparisonSourcesChangedItemFieldsType0Item] | None
    fields_truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source_identifier = self.source_identifier

        signature_a: None | str
        signature_a = self.signature_a

        signature_b: None | str
        signature_b = self.signature_b

        fields: list[dict[str, Any]] | None
        if isinstance(self.fields, list):
            fields = []
            for fields_type_0_item_data in self.fields:
                fields_type_0_item = fields_type_0_item_data.to_dict()
                fields.append(fields_type_0_item)

        else:
            fields = self.fields

        fields_truncated = self.fields_truncated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source_identifier": source_identifier,
                "signature_a": signature_a,
                "signature_b": signature_b,
                "fields": fields,
                "fields_truncated": fields_truncated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execution_comparison_sources_changed_item_fields_type_0_item import (
            ExecutionComparisonSourcesChangedItemFieldsType0Item,
        )

        d = dict(src_dict)
        source_identifier = d.pop("source_identifier")

        def _parse_signature_a(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature_a = _parse_signature_a(d.pop("signature_a"))

        def _parse_signature_b(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        signature_b = _parse_signature_b(d.pop("signature_b"))

        def _parse_fields(
            data: object,
        ) -> list[ExecutionComparisonSourcesChangedItemFieldsType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fields_type_0 = []
                _fields_type_0 = data
                for fields_type_0_item_data in _fields_type_0:
                    fields_type_0_item = (
                        ExecutionComparisonSourcesChangedItemFieldsType0Item.from_dict(
                            fields_type_0_item_data
                        )
                    )

                    fields_type_0.append(fields_type_0_item)

                return fields_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[ExecutionComparisonSourcesChangedItemFieldsType0Item] | None, data
            )

        fields = _parse_fields(d.pop("fields"))

        fields_truncated = d.pop("fields_truncated")

        execution_comparison_sources_changed_item = cls(
            source_identifier=source_identifier,
            signature_a=signature_a,
            signature_b=signature_b,
            fields=fields,
            fields_truncated=fields_truncated,
        )

        execution_comparison_sources_changed_item.additional_properties = d
        return execution_comparison_sources_changed_item

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
