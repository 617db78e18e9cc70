from typing import Literal

ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType = Literal[
    "integer", "number", "string"
]

PROJECT_CONFIG_DISCOVERY_QUERIES_ITEM_PARAMETERS_ADDITIONAL_PROPERTY_TYPE_VALUES: set[
    ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType
] = {
    "integer",
    "number",
    "string",
}


def check_project_config_discovery_queries_item_parameters_additional_property_type(
    value: str,
) -> ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType:
    if (
        value
        in PROJECT_CONFIG_DISCOVERY_QUERIES_ITEM_PARAMETERS_ADDITIONAL_PROPERTY_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROJECT_CONFIG_DISCOVERY_QUERIES_ITEM_PARAMETERS_ADDITIONAL_PROPERTY_TYPE_VALUES!r}"
    )
