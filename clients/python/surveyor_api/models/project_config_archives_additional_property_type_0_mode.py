from typing import Literal

ProjectConfigArchivesAdditionalPropertyType0Mode = Literal["async", "auto", "sync"]

PROJECT_CONFIG_ARCHIVES_ADDITIONAL_PROPERTY_TYPE_0_MODE_VALUES: set[
    ProjectConfigArchivesAdditionalPropertyType0Mode
] = {
    "async",
    "auto",
    "sync",
}


def check_project_config_archives_additional_property_type_0_mode(
    value: str,
) -> ProjectConfigArchivesAdditionalPropertyType0Mode:
    if value in PROJECT_CONFIG_ARCHIVES_ADDITIONAL_PROPERTY_TYPE_0_MODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_ARCHIVES_ADDITIONAL_PROPERTY_TYPE_0_MODE_VALUES!r}"
    )
