from typing import Literal

ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalPropertyType = Literal[
    "integer", "number", "string"
]

PROJECT_CONFIG_DISCOVERY_ENRICHMENTS_ITEM_PARAMETERS_ADDITIONAL_PROPERTY_TYPE_VALUES: set[
    ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalPropertyType
] = {
    "integer",
    "number",
    "string",
}


def check_project_config_discovery_enrichments_item_parameters_additional_property_type(
    value: str,
) -> ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalPropertyType:
    if (
        value
        in PROJECT_CONFIG_DISCOVERY_ENRICHMENTS_ITEM_PARAMETERS_ADDITIONAL_PROPERTY_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_DISCOVERY_ENRICHMENTS_ITEM_PARAMETERS_ADDITIONAL_PROPERTY_TYPE_VALUES!r}"
    )
