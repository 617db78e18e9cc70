from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_config_transforms_additional_property_type_0 import (
        ProjectConfigTransformsAdditionalPropertyType0,
    )
    from ..models.project_config_transforms_additional_property_type_1 import (
        ProjectConfigTransformsAdditionalPropertyType1,
    )
    from ..models.project_config_transforms_additional_property_type_2 import (
        ProjectConfigTransformsAdditionalPropertyType2,
    )
    from ..models.project_config_transforms_additional_property_type_3 import (
        ProjectConfigTransformsAdditionalPropertyType3,
    )
    from ..models.project_config_transforms_additional_property_type_4 import (
        ProjectConfigTransformsAdditionalPropertyType4,
    )
    from ..models.project_config_transforms_additional_property_type_5 import (
        ProjectConfigTransformsAdditionalPropertyType5,
    )
    from ..models.project_config_transforms_additional_property_type_6 import (
        ProjectConfigTransformsAdditionalPropertyType6,
    )
    from ..models.project_config_transforms_additional_property_type_7 import (
        ProjectConfigTransformsAdditionalPropertyType7,
    )
    from ..models.project_config_transforms_additional_property_type_8 import (
        ProjectConfigTransformsAdditionalPropertyType8,
    )
    from ..models.project_config_transforms_additional_property_type_9 import (
        ProjectConfigTransformsAdditionalPropertyType9,
    )
    from ..models.project_config_transforms_additional_property_type_10 import (
        ProjectConfigTransformsAdditionalPropertyType10,
    )


T = TypeVar("T", bound="ProjectConfigTransforms")


@_attrs_define
class ProjectConfigTransforms:
    additional_properties: dict[
        str,
        ProjectConfigTransformsAdditionalPropertyType0
        | ProjectConfigTransformsAdditionalPropertyType1
        | ProjectConfigTransformsAdditionalPropertyType10
        | ProjectConfigTransformsAdditionalPropertyType2
        | ProjectConfigTransformsAdditionalPropertyType3
        | ProjectConfigTransformsAdditionalPropertyType4
        | ProjectConfigTransformsAdditionalPropertyType5
        | ProjectConfigTransformsAdditionalPropertyType6
        | ProjectConfigTransformsAdditionalPropertyType7
        | ProjectConfigTransformsAdditionalPropertyType8
        | ProjectConfigTransformsAdditionalPropertyType9,
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.project_config_transforms_additional_property_type_0 import (
            ProjectConfigTransformsAdditionalPropertyType0,
        )
        from ..models.project_config_transforms_additional_property_type_1 import (
            ProjectConfigTransformsAdditionalPropertyType1,
        )
        from ..models.project_config_transforms_additional_property_type_2 import (
            ProjectConfigTransformsAdditionalPropertyType2,
        )
        from ..models.project_config_transforms_additional_property_type_3 import (
            ProjectConfigTransformsAdditionalPropertyType3,
        )
        from ..models.project_config_transforms_additional_property_type_4 import (
            ProjectConfigTransformsAdditionalPropertyType4,
        )
        from ..models.project_config_transforms_additional_property_type_5 import (
            ProjectConfigTransformsAdditionalPropertyType5,
        )
        from ..models.project_config_transforms_additional_property_type_6 import (
            ProjectConfigTransformsAdditionalPropertyType6,
        )
        from ..models.project_config_transforms_additional_property_type_7 import (
            ProjectConfigTransformsAdditionalPropertyType7,
        )
        from ..models.project_config_transforms_additional_property_type_8 import (
            ProjectConfigTransformsAdditionalPropertyType8,
        )
        from ..models.project_config_transforms_additional_property_type_9 import (
            ProjectConfigTransformsAdditionalPropertyType9,
        )

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if (
                isinstance(prop, ProjectConfigTransformsAdditionalPropertyType0)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType1)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType2)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType3)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType4)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType5)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType6)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType7)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType8)
                or isinstance(prop, ProjectConfigTransformsAdditionalPropertyType9)
            ):
                field_dict[prop_name] = prop.to_dict()
            else:
                field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_transforms_additional_property_type_0 import (
            ProjectConfigTransformsAdditionalPropertyType0,
        )
        from ..models.project_config_transforms_additional_property_type_1 import (
            ProjectConfigTransformsAdditionalPropertyType1,
        )
        from ..models.project_config_transforms_additional_property_type_2 import (
            ProjectConfigTransformsAdditionalPropertyType2,
        )
        from ..models.project_config_transforms_additional_property_type_3 import (
            ProjectConfigTransformsAdditionalPropertyType3,
        )
        from ..models.project_config_transforms_additional_property_type_4 import (
            ProjectConfigTransformsAdditionalPropertyType4,
        )
        from ..models.project_config_transforms_additional_property_type_5 import (
            ProjectConfigTransformsAdditionalPropertyType5,
        )
        from ..models.project_config_transforms_additional_property_type_6 import (
            ProjectConfigTransformsAdditionalPropertyType6,
        )
        from ..models.project_config_transforms_additional_property_type_7 import (
            ProjectConfigTransformsAdditionalPropertyType7,
        )
        from ..models.project_config_transforms_additional_property_type_8 import (
            ProjectConfigTransformsAdditionalPropertyType8,
        )
        from ..models.project_config_transforms_additional_property_type_9 import (
            ProjectConfigTransformsAdditionalPropertyType9,
        )
        from ..models.project_config_transforms_additional_property_type_10 import (
            ProjectConfigTransformsAdditionalPropertyType10,
        )

        d = dict(src_dict)
        project_config_transforms = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(
                data: object,
            ) -> (
                ProjectConfigTransformsAdditionalPropertyType0
                | ProjectConfigTransformsAdditionalPropertyType1
                | ProjectConfigTransformsAdditionalPropertyType10
                | ProjectConfigTransformsAdditionalPropertyType2
                | ProjectConfigTransformsAdditionalPropertyType3
                | ProjectConfigTransformsAdditionalPropertyType4
                | ProjectConfigTransformsAdditionalPropertyType5
                | ProjectConfigTransformsAdditionalPropertyType6
                | ProjectConfigTransformsAdditionalPropertyType7
                | ProjectConfigTransformsAdditionalPropertyType8
                | ProjectConfigTransformsAdditionalPropertyType9
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_0 = (
                        ProjectConfigTransformsAdditionalPropertyType0.from_dict(data)
                    )

                    return additional_property_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_1 = (
                        ProjectConfigTransformsAdditionalPropertyType1.from_dict(data)
                    )

                    return additional_property_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_2 = (
                        ProjectConfigTransformsAdditionalPropertyType2.from_dict(data)
                    )

                    return additional_property_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_3 = (
                        ProjectConfigTransformsAdditionalPropertyType3.from_dict(data)
                    )

                    return additional_property_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_4 = (
                        ProjectConfigTransformsAdditionalPropertyType4.from_dict(data)
                    )

                    return additional_property_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_5 = (
                        ProjectConfigTransformsAdditionalPropertyType5.from_dict(data)
                    )

                    return additional_property_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_6 = (
                        ProjectConfigTransformsAdditionalPropertyType6.from_dict(data)
                    )

                    return additional_property_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_7 = (
                        ProjectConfigTransformsAdditionalPropertyType7.from_dict(data)
                    )

                    return additional_property_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_8 = (
                        ProjectConfigTransformsAdditionalPropertyType8.from_dict(data)
                    )

                    return additional_property_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_9 = (
                        ProjectConfigTransformsAdditionalPropertyType9.from_dict(data)
                    )

                    return additional_property_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                additional_property_type_10 = (
                    ProjectConfigTransformsAdditionalPropertyType10.from_dict(data)
                )

                return additional_property_type_10

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        project_config_transforms.additional_properties = additional_properties
        return project_config_transforms

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> (
        ProjectConfigTransformsAdditionalPropertyType0
        | ProjectConfigTransformsAdditionalPropertyType1
        | ProjectConfigTransformsAdditionalPropertyType10
        | ProjectConfigTransformsAdditionalPropertyType2
        | ProjectConfigTransformsAdditionalPropertyType3
        | ProjectConfigTransformsAdditionalPropertyType4
        | ProjectConfigTransformsAdditionalPropertyType5
        | ProjectConfigTransformsAdditionalPropertyType6
        | ProjectConfigTransformsAdditionalPropertyType7
        | ProjectConfigTransformsAdditionalPropertyType8
        | ProjectConfigTransformsAdditionalPropertyType9
    ):
        return self.additional_properties[key]

    def __setitem__(
        self,
        key: str,
        value: ProjectConfigTransformsAdditionalPropertyType0
        | ProjectConfigTransformsAdditionalPropertyType1
        | ProjectConfigTransformsAdditionalPropertyType10
        | ProjectConfigTransformsAdditionalPropertyType2
        | ProjectConfigTransformsAdditionalPropertyType3
        | ProjectConfigTransformsAdditionalPropertyType4
        | ProjectConfigTransformsAdditionalPropertyType5
        | ProjectConfigTransformsAdditionalPropertyType6
        | ProjectConfigTransformsAdditionalPropertyType7
        | ProjectConfigTransformsAdditionalPropertyType8
        | ProjectConfigTransformsAdditionalPropertyType9,
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
