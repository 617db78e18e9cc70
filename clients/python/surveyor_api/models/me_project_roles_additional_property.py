from typing import Literal

MeProjectRolesAdditionalProperty = Literal["admin", "none", "operator", "viewer"]

ME_PROJECT_ROLES_ADDITIONAL_PROPERTY_VALUES: set[MeProjectRolesAdditionalProperty] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_me_project_roles_additional_property(
    value: str,
) -> MeProjectRolesAdditionalProperty:
    if value in ME_PROJECT_ROLES_ADDITIONAL_PROPERTY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ME_PROJECT_ROLES_ADDITIONAL_PROPERTY_VALUES!r}"
    )
