from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.execute_response_state import (
    ExecuteResponseState,
    check_execute_response_state,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.execute_response_run_record import ExecuteResponseRunRecord
    from ..models.execute_response_sources_item import ExecuteResponseSourcesItem


T = TypeVar("T", bound="ExecuteResponse")


@_attrs_define
class ExecuteResponse:
    """
    Attributes:
        uuid (str):
        project_module (str):
        sources (list[ExecuteResponseSourcesItem]):
        archive_name (str):
        deployment_profile_name (str):
        deployment_profile_id (None | str):
        config_version (float):
        state (ExecuteResponseState):
        attempt (float):
        scheduler_job_id (None | str):
        run_record (ExecuteResponseRunRecord):
        error (None | str):
        do_stage (bool | None):
        do_submit (bool | None):
        execute_requested_at (datetime.datetime | None):
        submitted_at (datetime.datetime | None):
        cancel_requested_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        created_by (str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        blocked_by (list[str]):
        dim_session_status_url (str | Unset):
        dim_graph_status_url (str | Unset):
        batch_session_dir (str | Unset):
        batch_login_node (str | Unset):
        batch_remote_user (str | Unset):
    """

    uuid: str
    project_module: str
    sources: list[ExecuteResponseSourcesItem]
    archive_name: str
    deployment_profile_name: str
    deployment_profile_id: None | str
    config_version: float
    state: ExecuteResponseState
    attempt: float
    scheduler_job_id: None | str
    run_record: ExecuteResponseRunRecord
    error: None | str
    do_stage: bool | None
    do_submit: bool | None
    execute_requested_at: datetime.datetime | None
    submitted_at: datetime.datetime | None
    cancel_requested_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    created_by: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    blocked_by: list[str]
    dim_session_status_url: str | Unset = UNSET
    dim_graph_status_url: str | Unset = UNSET
    batch_session_dir: str | Unset = UNSET
    batch_login_node: str | Unset = UNSET
    batch_remote_user: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uuid = self.uuid

        project_module = self.project_module

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        archive_name = self.archive_name

        deployment_profile_name = self.deployment_profile_name

        deployment_profile_id: None | str
        deployment_profile_id = self.deployment_profile_id

        config_version = self.config_version

        state: str = self.state

        attempt = self.attempt

        scheduler_job_id: None | str
        scheduler_job_id = self.scheduler_job_id

        run_record = self.run_record.to_dict()

        error: None | str
        error = self.error

        do_stage: bool | None
        do_stage = self.do_stage

        do_submit: bool | None
        do_submit = self.do_submit

        execute_requested_at: None | str
        if isinstance(self.execute_requested_at, datetime.datetime):
            execute_requested_at = self.execute_requested_at.isoformat()
        else:
            execute_requested_at = self.execute_requested_at

        submitted_at: None | str
        if isinstance(self.submitted_at, datetime.datetime):
            submitted_at = self.submitted_at.isoformat()
        else:
            submitted_at = self.submitted_at

        cancel_requested_at: None | str
        if isinstance(self.cancel_requested_at, datetime.datetime):
            cancel_requested_at = self.cancel_requested_at.isoformat()
        else:
            cancel_requested_at = self.cancel_requested_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        blocked_by = self.blocked_by

        dim_session_status_url = self.dim_session_status_url

        dim_graph_status_url = self.dim_graph_status_url

        batch_session_dir = self.batch_session_dir

        batch_login_node = self.batch_login_node

        batch_remote_user = self.batch_remote_user

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uuid": uuid,
                "project_module": project_module,
                "sources": sources,
                "archive_name": archive_name,
                "deployment_profile_name": deployment_profile_name,
                "deployment_profile_id": deployment_profile_id,
                "config_version": config_version,
                "state": state,
                "attempt": attempt,
                "scheduler_job_id": scheduler_job_id,
                "run_record": run_record,
                "error": error,
                "do_stage": do_stage,
                "do_submit": do_submit,
                "execute_requested_at": execute_requested_at,
                "submitted_at": submitted_at,
                "cancel_requested_at": cancel_requested_at,
                "finished_at": finished_at,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
                "blocked_by": blocked_by,
            }
        )
        if dim_session_status_url is not UNSET:
            field_dict["dim_session_status_url"] = dim_session_status_url
        if dim_graph_status_url is not UNSET:
            field_dict["dim_graph_status_url"] = dim_graph_status_url
        if batch_session_dir is not UNSET:
            field_dict["batch_session_dir"] = batch_session_dir
        if batch_login_node is not UNSET:
            field_dict["batch_login_node"] = batch_login_node
        if batch_remote_user is not UNSET:
            field_dict["batch_remote_user"] = batch_remote_user

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.execute_response_run_record import ExecuteResponseRunRecord
        from ..models.execute_response_sources_item import ExecuteResponseSourcesItem

        d = dict(src_dict)
        uuid = d.pop("uuid")

        project_module = d.pop("project_module")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = ExecuteResponseSourcesItem.from_dict(sources_item_data)

            sources.append(sources_item)

        archive_name = d.pop("archive_name")

        deployment_profile_name = d.pop("deployment_profile_name")

        def _parse_deployment_profile_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deployment_profile_id = _parse_deployment_profile_id(
            d.pop("deployment_profile_id")
        )

        config_version = d.pop("config_version")

        state = check_execute_response_state(d.pop("state"))

        attempt = d.pop("attempt")

        def _parse_scheduler_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scheduler_job_id = _parse_scheduler_job_id(d.pop("scheduler_job_id"))

        run_record = ExecuteResponseRunRecord.from_dict(d.pop("run_record"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_do_stage(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        do_stage = _parse_do_stage(d.pop("do_stage"))

        def _parse_do_submit(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        do_submit = _parse_do_submit(d.pop("do_submit"))

        def _parse_execute_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                execute_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return execute_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        execute_requested_at = _parse_execute_requested_at(
            d.pop("execute_requested_at")
        )

        def _parse_submitted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                submitted_at_type_0 = datetime.datetime.fromisoformat(data)

                return submitted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        submitted_at = _parse_submitted_at(d.pop("submitted_at"))

        def _parse_cancel_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancel_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return cancel_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancel_requested_at = _parse_cancel_requested_at(d.pop("cancel_requested_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        blocked_by = cast(list[str], d.pop("blocked_by"))

        dim_session_status_url = d.pop("dim_session_status_url", UNSET)

        dim_graph_status_url = d.pop("dim_graph_status_url", UNSET)

        batch_session_dir = d.pop("batch_session_dir", UNSET)

        batch_login_node = d.pop("batch_login_node", UNSET)

        batch_remote_user = d.pop("batch_remote_user", UNSET)

        execute_response = cls(
            uuid=uuid,
            project_module=project_module,
            sources=sources,
            archive_name=archive_name,
            deployment_profile_name=deployment_profile_name,
            deployment_profile_id=deployment_profile_id,
            config_version=config_version,
            state=state,
            attempt=attempt,
            scheduler_job_id=scheduler_job_id,
            run_record=run_record,
            error=error,
            do_stage=do_stage,
            do_submit=do_submit,
            execute_requested_at=execute_requested_at,
            submitted_at=submitted_at,
            cancel_requested_at=cancel_requested_at,
            finished_at=finished_at,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
            blocked_by=blocked_by,
            dim_session_status_url=dim_session_status_url,
            dim_graph_status_url=dim_graph_status_url,
            batch_session_dir=batch_session_dir,
            batch_login_node=batch_login_node,
            batch_remote_user=batch_remote_user,
        )

        execute_response.additional_properties = d
        return execute_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
