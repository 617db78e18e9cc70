from typing import Literal

ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom = Literal["canonical"]

PROJECT_CONFIG_SOURCE_IDENTITY_TEMPLATE_VARS_ADDITIONAL_PROPERTY_FROM_VALUES: set[
    ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom
] = {
    "canonical",
}


def check_project_config_source_identity_template_vars_additional_property_from(
    value: str,
) -> ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom:
    if (
        value
        in PROJECT_CONFIG_SOURCE_IDENTITY_TEMPLATE_VARS_ADDITIONAL_PROPERTY_FROM_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_SOURCE_IDENTITY_TEMPLATE_VARS_ADDITIONAL_PROPERTY_FROM_VALUES!r}"
    )
