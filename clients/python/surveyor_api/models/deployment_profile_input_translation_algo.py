from typing import Literal

DeploymentProfileInputTranslationAlgo = Literal["metis", "mysarkar"]

DEPLOYMENT_PROFILE_INPUT_TRANSLATION_ALGO_VALUES: set[
    DeploymentProfileInputTranslationAlgo
] = {
    "metis",
    "mysarkar",
}


def check_deployment_profile_input_translation_algo(
    value: str,
) -> DeploymentProfileInputTranslationAlgo:
    if value in DEPLOYMENT_PROFILE_INPUT_TRANSLATION_ALGO_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_PROFILE_INPUT_TRANSLATION_ALGO_VALUES!r}"
    )
