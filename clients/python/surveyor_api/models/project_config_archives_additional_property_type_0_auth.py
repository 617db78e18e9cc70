from typing import Literal

ProjectConfigArchivesAdditionalPropertyType0Auth = Literal[
    "archive_credentials", "none"
]

PROJECT_CONFIG_ARCHIVES_ADDITIONAL_PROPERTY_TYPE_0_AUTH_VALUES: set[
    ProjectConfigArchivesAdditionalPropertyType0Auth
] = {
    "archive_credentials",
    "none",
}


def check_project_config_archives_additional_property_type_0_auth(
    value: str,
) -> ProjectConfigArchivesAdditionalPropertyType0Auth:
    if value in PROJECT_CONFIG_ARCHIVES_ADDITIONAL_PROPERTY_TYPE_0_AUTH_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_ARCHIVES_ADDITIONAL_PROPERTY_TYPE_0_AUTH_VALUES!r}"
    )
