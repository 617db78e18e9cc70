from typing import Literal

DeploymentProfileInputDeploymentType0EndedSessions = Literal[
    "keep", "keep_failed", "remove"
]

DEPLOYMENT_PROFILE_INPUT_DEPLOYMENT_TYPE_0_ENDED_SESSIONS_VALUES: set[
    DeploymentProfileInputDeploymentType0EndedSessions
] = {
    "keep",
    "keep_failed",
    "remove",
}


def check_deployment_profile_input_deployment_type_0_ended_sessions(
    value: str,
) -> DeploymentProfileInputDeploymentType0EndedSessions:
    if value in DEPLOYMENT_PROFILE_INPUT_DEPLOYMENT_TYPE_0_ENDED_SESSIONS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_PROFILE_INPUT_DEPLOYMENT_TYPE_0_ENDED_SESSIONS_VALUES!r}"
    )
