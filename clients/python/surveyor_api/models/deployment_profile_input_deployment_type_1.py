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

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeploymentProfileInputDeploymentType1")


@_attrs_define
class DeploymentProfileInputDeploymentType1:
    """
    Attributes:
        kind (Literal['batch_remote']):
        login_node (str):
        account (str):
        home_dir (str):
        log_dir (str):
        dlg_root (str):
        ssh_port (int | Unset):  Default: 22.
        remote_user (str | Unset):
        modules (str | Unset):
        venv (str | Unset):
        exec_prefix (str | Unset):  Default: 'srun -l'.
        facility (str | Unset):  Default: 'setonix'.
        job_duration_minutes (int | Literal['auto'] | Unset):  Default: 30.
        job_duration_fallback_minutes (int | Unset):
        job_duration_max_minutes (int | Unset):
        num_nodes (int | Unset):  Default: 1.
        num_islands (int | Unset):  Default: 1.
        verbose_level (int | Unset):  Default: 1.
        max_threads (int | Unset):  Default: 0.
        all_nics (bool | Unset):  Default: False.
        zerorun (bool | Unset):  Default: False.
        sleepncopy (bool | Unset):  Default: False.
        check_with_session (bool | Unset):  Default: False.
        partition (str | Unset):
        qos (str | Unset):
        memory (str | Unset):
        constraint (str | Unset):
        cpus_per_task (int | Unset):
        batch_template (str | Unset):
        max_queued_jobs (int | Unset):
        max_submits_per_minute (int | Unset):
        stall_warn_minutes (int | Unset):  Default: 30.
        idle_fail_minutes (int | Unset):  Default: 20.
        stall_fail_minutes (int | Unset):  Default: 0.
    """

    kind: Literal["batch_remote"]
    login_node: str
    account: str
    home_dir: str
    log_dir: str
    dlg_root: str
    ssh_port: int | Unset = 22
    remote_user: str | Unset = UNSET
    modules: str | Unset = UNSET
    venv: str | Unset = UNSET
    exec_prefix: str | Unset = "srun -l"
    facility: str | Unset = "setonix"
    job_duration_minutes: int | Literal["auto"] | Unset = 30
    job_duration_fallback_minutes: int | Unset = UNSET
    job_duration_max_minutes: int | Unset = UNSET
    num_nodes: int | Unset = 1
    num_islands: int | Unset = 1
    verbose_level: int | Unset = 1
    max_threads: int | Unset = 0
    all_nics: bool | Unset = False
    zerorun: bool | Unset = False
    sleepncopy: bool | Unset = False
    check_with_session: bool | Unset = False
    partition: str | Unset = UNSET
    qos: str | Unset = UNSET
    memory: str | Unset = UNSET
    constraint: str | Unset = UNSET
    cpus_per_task: int | Unset = UNSET
    batch_template: str | Unset = UNSET
    max_queued_jobs: int | Unset = UNSET
    max_submits_per_minute: int | Unset = UNSET
    stall_warn_minutes: int | Unset = 30
    idle_fail_minutes: int | Unset = 20
    stall_fail_minutes: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        login_node = self.login_node

        account = self.account

        home_dir = self.home_dir

        log_dir = self.log_dir

        dlg_root = self.dlg_root

        ssh_port = self.ssh_port

        remote_user = self.remote_user

        modules = self.modules

        venv = self.venv

        exec_prefix = self.exec_prefix

        facility = self.facility

        job_duration_minutes: int | Literal["auto"] | Unset
        if isinstance(self.job_duration_minutes, Unset):
            job_duration_minutes = UNSET
        else:
            job_duration_minutes = self.job_duration_minutes

        job_duration_fallback_minutes = self.job_duration_fallback_minutes

        job_duration_max_minutes = self.job_duration_max_minutes

        num_nodes = self.num_nodes

        num_islands = self.num_islands

        verbose_level = self.verbose_level

        max_threads = self.max_threads

        all_nics = self.all_nics

        zerorun = self.zerorun

        sleepncopy = self.sleepncopy

        check_with_session = self.check_with_session

        partition = self.partition

        qos = self.qos

        memory = self.memory

        constraint = self.constraint

        cpus_per_task = self.cpus_per_task

        batch_template = self.batch_template

        max_queued_jobs = self.max_queued_jobs

        max_submits_per_minute = self.max_submits_per_minute

        stall_warn_minutes = self.stall_warn_minutes

        idle_fail_minutes = self.idle_fail_minutes

        stall_fail_minutes = self.stall_fail_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "login_node": login_node,
                "account": account,
                "home_dir": home_dir,
                "log_dir": log_dir,
                "dlg_root": dlg_root,
            }
        )
        if ssh_port is not UNSET:
            field_dict["ssh_port"] = ssh_port
        if remote_user is not UNSET:
            field_dict["remote_user"] = remote_user
        if modules is not UNSET:
            field_dict["modules"] = modules
        if venv is not UNSET:
            field_dict["venv"] = venv
        if exec_prefix is not UNSET:
            field_dict["exec_prefix"] = exec_prefix
        if facility is not UNSET:
            field_dict["facility"] = facility
        if job_duration_minutes is not UNSET:
            field_dict["job_duration_minutes"] = job_duration_minutes
        if job_duration_fallback_minutes is not UNSET:
            field_dict["job_duration_fallback_minutes"] = job_duration_fallback_minutes
        if job_duration_max_minutes is not UNSET:
            field_dict["job_duration_max_minutes"] = job_duration_max_minutes
        if num_nodes is not UNSET:
            field_dict["num_nodes"] = num_nodes
        if num_islands is not UNSET:
            field_dict["num_islands"] = num_islands
        if verbose_level is not UNSET:
            field_dict["verbose_level"] = verbose_level
        if max_threads is not UNSET:
            field_dict["max_threads"] = max_threads
        if all_nics is not UNSET:
            field_dict["all_nics"] = all_nics
        if zerorun is not UNSET:
            field_dict["zerorun"] = zerorun
        if sleepncopy is not UNSET:
            field_dict["sleepncopy"] = sleepncopy
        if check_with_session is not UNSET:
            field_dict["check_with_session"] = check_with_session
        if partition is not UNSET:
            field_dict["partition"] = partition
        if qos is not UNSET:
            field_dict["qos"] = qos
        if memory is not UNSET:
            field_dict["memory"] = memory
        if constraint is not UNSET:
            field_dict["constraint"] = constraint
        if cpus_per_task is not UNSET:
            field_dict["cpus_per_task"] = cpus_per_task
        if batch_template is not UNSET:
            field_dict["batch_template"] = batch_template
        if max_queued_jobs is not UNSET:
            field_dict["max_queued_jobs"] = max_queued_jobs
        if max_submits_per_minute is not UNSET:
            field_dict["max_submits_per_minute"] = max_submits_per_minute
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
        kind = cast(Literal["batch_remote"], d.pop("kind"))
        if kind != "batch_remote":
            raise ValueError(f"kind must match const 'batch_remote', got '{kind}'")

        login_node = d.pop("login_node")

        account = d.pop("account")

        home_dir = d.pop("home_dir")

        log_dir = d.pop("log_dir")

        dlg_root = d.pop("dlg_root")

        ssh_port = d.pop("ssh_port", UNSET)

        remote_user = d.pop("remote_user", UNSET)

        modules = d.pop("modules", UNSET)

        venv = d.pop("venv", UNSET)

        exec_prefix = d.pop("exec_prefix", UNSET)

        facility = d.pop("facility", UNSET)

        def _parse_job_duration_minutes(data: object) -> int | Literal["auto"] | Unset:
            if isinstance(data, Unset):
                return data
            job_duration_minutes_type_1 = cast(Literal["auto"], data)
            if job_duration_minutes_type_1 != "auto":
                raise ValueError(
                    f"job_duration_minutes_type_1 must match const 'auto', got '{job_duration_minutes_type_1}'"
                )
            return job_duration_minutes_type_1
            return cast(int | Literal["auto"] | Unset, data)

        job_duration_minutes = _parse_job_duration_minutes(
            d.pop("job_duration_minutes", UNSET)
        )

        job_duration_fallback_minutes = d.pop("job_duration_fallback_minutes", UNSET)

        job_duration_max_minutes = d.pop("job_duration_max_minutes", UNSET)

        num_nodes = d.pop("num_nodes", UNSET)

        num_islands = d.pop("num_islands", UNSET)

        verbose_level = d.pop("verbose_level", UNSET)

        max_threads = d.pop("max_threads", UNSET)

        all_nics = d.pop("all_nics", UNSET)

        zerorun = d.pop("zerorun", UNSET)

        sleepncopy = d.pop("sleepncopy", UNSET)

        check_with_session = d.pop("check_with_session", UNSET)

        partition = d.pop("partition", UNSET)

        qos = d.pop("qos", UNSET)

        memory = d.pop("memory", UNSET)

        constraint = d.pop("constraint", UNSET)

        cpus_per_task = d.pop("cpus_per_task", UNSET)

        batch_template = d.pop("batch_template", UNSET)

        max_queued_jobs = d.pop("max_queued_jobs", UNSET)

        max_submits_per_minute = d.pop("max_submits_per_minute", UNSET)

        stall_warn_minutes = d.pop("stall_warn_minutes", UNSET)

        idle_fail_minutes = d.pop("idle_fail_minutes", UNSET)

        stall_fail_minutes = d.pop("stall_fail_minutes", UNSET)

        deployment_profile_input_deployment_type_1 = cls(
            kind=kind,
            login_node=login_node,
            account=account,
            home_dir=home_dir,
            log_dir=log_dir,
            dlg_root=dlg_root,
            ssh_port=ssh_port,
            remote_user=remote_user,
            modules=modules,
            venv=venv,
            exec_prefix=exec_prefix,
            facility=facility,
            job_duration_minutes=job_duration_minutes,
            job_duration_fallback_minutes=job_duration_fallback_minutes,
            job_duration_max_minutes=job_duration_max_minutes,
            num_nodes=num_nodes,
            num_islands=num_islands,
            verbose_level=verbose_level,
            max_threads=max_threads,
            all_nics=all_nics,
            zerorun=zerorun,
            sleepncopy=sleepncopy,
            check_with_session=check_with_session,
            partition=partition,
            qos=qos,
            memory=memory,
            constraint=constraint,
            cpus_per_task=cpus_per_task,
            batch_template=batch_template,
            max_queued_jobs=max_queued_jobs,
            max_submits_per_minute=max_submits_per_minute,
            stall_warn_minutes=stall_warn_minutes,
            idle_fail_minutes=idle_fail_minutes,
            stall_fail_minutes=stall_fail_minutes,
        )

        return deployment_profile_input_deployment_type_1
