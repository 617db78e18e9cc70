from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.deployment_profile_input_deployment_type_0_ended_sessions import (
    DeploymentProfileInputDeploymentType0EndedSessions,
    check_deployment_profile_input_deployment_type_0_ended_sessions,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeploymentProfileInputDeploymentType0")


@_attrs_define
class DeploymentProfileInputDeploymentType0:
    """
    Attributes:
        kind (Literal['rest_remote']):
        deploy_host (str):
        dim_host_for_tm (str | Unset):
        dim_port_for_tm (int | Unset):  Default: 8001.
        deploy_port (int | Unset):  Default: 8001.
        use_https (bool | Unset):  Default: False.
        verify_ssl (bool | Unset):  Default: True.
        node_lost_minutes (int | Unset):  Default: 5.
        ended_sessions (DeploymentProfileInputDeploymentType0EndedSessions | Unset):  Default: 'keep_failed'.
        stall_warn_minutes (int | Unset):  Default: 30.
        idle_fail_minutes (int | Unset):  Default: 20.
        stall_fail_minutes (int | Unset):  Default: 0.
    """

    kind: Literal["rest_remote"]
    deploy_host: str
    dim_host_for_tm: str | Unset = UNSET
    dim_port_for_tm: int | Unset = 8001
    deploy_port: int | Unset = 8001
    use_https: bool | Unset = False
    verify_ssl: bool | Unset = True
    node_lost_minutes: int | Unset = 5
    ended_sessions: DeploymentProfileInputDeploymentType0EndedSessions | Unset = (
        "keep_failed"
    )
    stall_warn_minutes: int | Unset = 30
    idle_fail_minutes: int | Unset = 20
    stall_fail_minutes: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        deploy_host = self.deploy_host

        dim_host_for_tm = self.dim_host_for_tm

        dim_port_for_tm = self.dim_port_for_tm

        deploy_port = self.deploy_port

        use_https = self.use_https

        verify_ssl = self.verify_ssl

        node_lost_minutes = self.node_lost_minutes

        ended_sessions: str | Unset = UNSET
        if not isinstance(self.ended_sessions, Unset):
            ended_sessions = self.ended_sessions

        stall_warn_minutes = self.stall_warn_minutes

        idle_fail_minutes = self.idle_fail_minutes

        stall_fail_minutes = self.stall_fail_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "deploy_host": deploy_host,
            }
        )
        if dim_host_for_tm is not UNSET:
            field_dict["dim_host_for_tm"] = dim_host_for_tm
        if dim_port_for_tm is not UNSET:
            field_dict["dim_port_for_tm"] = dim_port_for_tm
        if deploy_port is not UNSET:
            field_dict["deploy_port"] = deploy_port
        if use_https is not UNSET:
            field_dict["use_https"] = use_https
        if verify_ssl is not UNSET:
            field_dict["verify_ssl"] = verify_ssl
        if node_lost_minutes is not UNSET:
            field_dict["node_lost_minutes"] = node_lost_minutes
        if ended_sessions is not UNSET:
            field_dict["ended_sessions"] = ended_sessions
        if stall_warn_minutes is not UNSET:
            field_dict["stall_warn_minutes"] = stall_warn_minutes
        if idle_fail_minutes is not UNSET:
            field_dict["idle_fail_minutes"] = idle_fail_minutes
        if stall_fail_minutes is not UNSET:
            field_dict["stall_fail_minutes"] = stall_fail_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["rest_remote"], d.pop("kind"))
        if kind != "rest_remote":
            raise ValueError(f"kind must match const 'rest_remote', got '{kind}'")

        deploy_host = d.pop("deploy_host")

        dim_host_for_tm = d.pop("dim_host_for_tm", UNSET)

        dim_port_for_tm = d.pop("dim_port_for_tm", UNSET)

        deploy_port = d.pop("deploy_port", UNSET)

        use_https = d.pop("use_https", UNSET)

        verify_ssl = d.pop("verify_ssl", UNSET)

        node_lost_minutes = d.pop("node_lost_minutes", UNSET)

        _ended_sessions = d.pop("ended_sessions", UNSET)
        ended_sessions: DeploymentProfileInputDeploymentType0EndedSessions | Unset
        if isinstance(_ended_sessions, Unset):
            ended_sessions = UNSET
        else:
            ended_sessions = (
                check_deployment_profile_input_deployment_type_0_ended_sessions(
                    _ended_sessions
                )
            )

        stall_warn_minutes = d.pop("stall_warn_minutes", UNSET)

        idle_fail_minutes = d.pop("idle_fail_minutes", UNSET)

        stall_fail_minutes = d.pop("stall_fail_minutes", UNSET)

        deployment_profile_input_deployment_type_0 = cls(
            kind=kind,
            deploy_host=deploy_host,
            dim_host_for_tm=dim_host_for_tm,
            dim_port_for_tm=dim_port_for_tm,
            deploy_port=deploy_port,
            use_https=use_https,
            verify_ssl=verify_ssl,
            node_lost_minutes=node_lost_minutes,
            ended_sessions=ended_sessions,
            stall_warn_minutes=stall_warn_minutes,
            idle_fail_minutes=idle_fail_minutes,
            stall_fail_minutes=stall_fail_minutes,
        )

        return deployment_profile_input_deployment_type_0
