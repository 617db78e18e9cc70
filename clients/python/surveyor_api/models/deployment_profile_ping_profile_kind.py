from typing import Literal

DeploymentProfilePingProfileKind = Literal["batch_remote", "rest_remote"]

DEPLOYMENT_PROFILE_PING_PROFILE_KIND_VALUES: set[DeploymentProfilePingProfileKind] = {
    "batch_remote",
    "rest_remote",
}


def check_deployment_profile_ping_profile_kind(
    value: str,
) -> DeploymentProfilePingProfileKind:
    if value in DEPLOYMENT_PROFILE_PING_PROFILE_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DEPLOYMENT_PROFILE_PING_PROFILE_KIND_VALUES!r}"
    )
