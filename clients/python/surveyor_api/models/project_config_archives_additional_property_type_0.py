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

from ..models.project_config_archives_additional_property_type_0_auth import (
    ProjectConfigArchivesAdditionalPropertyType0Auth,
    check_project_config_archives_additional_property_type_0_auth,
)
from ..models.project_config_archives_additional_property_type_0_mode import (
    ProjectConfigArchivesAdditionalPropertyType0Mode,
    check_project_config_archives_additional_property_type_0_mode,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectConfigArchivesAdditionalPropertyType0")


@_attrs_define
class ProjectConfigArchivesAdditionalPropertyType0:
    """
    Attributes:
        kind (Literal['tap']):
        url (str):
        timeout_seconds (int | Unset):  Default: 60.
        retries (int | Unset):  Default: 2.
        auth (ProjectConfigArchivesAdditionalPropertyType0Auth | Unset):  Default: 'none'.
        mode (ProjectConfigArchivesAdditionalPropertyType0Mode | Unset):  Default: 'auto'.
        async_above_rows (int | Unset):  Default: 10000.
        max_concurrent_queries (int | Unset):  Default: 2.
        origins (list[str] | Unset):
        login_check_url (str | Unset):
    """

    kind: Literal["tap"]
    url: str
    timeout_seconds: int | Unset = 60
    retries: int | Unset = 2
    auth: ProjectConfigArchivesAdditionalPropertyType0Auth | Unset = "none"
    mode: ProjectConfigArchivesAdditionalPropertyType0Mode | Unset = "auto"
    async_above_rows: int | Unset = 10000
    max_concurrent_queries: int | Unset = 2
    origins: list[str] | Unset = UNSET
    login_check_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        url = self.url

        timeout_seconds = self.timeout_seconds

        retries = self.retries

        auth: str | Unset = UNSET
        if not isinstance(self.auth, Unset):
            auth = self.auth

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        async_above_rows = self.async_above_rows

        max_concurrent_queries = self.max_concurrent_queries

        origins: list[str] | Unset = UNSET
        if not isinstance(self.origins, Unset):
            origins = self.origins

        login_check_url = self.login_check_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "url": url,
            }
        )
        if timeout_seconds is not UNSET:
            field_dict["timeout_seconds"] = timeout_seconds
        if retries is not UNSET:
            field_dict["retries"] = retries
        if auth is not UNSET:
            field_dict["auth"] = auth
        if mode is not UNSET:
            field_dict["mode"] = mode
        if async_above_rows is not UNSET:
            field_dict["async_above_rows"] = async_above_rows
        if max_concurrent_queries is not UNSET:
            field_dict["max_concurrent_queries"] = max_concurrent_queries
        if origins is not UNSET:
            field_dict["origins"] = origins
        if login_check_url is not UNSET:
            field_dict["login_check_url"] = login_check_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["tap"], d.pop("kind"))
        if kind != "tap":
            raise ValueError(f"kind must match const 'tap', got '{kind}'")

        url = d.pop("url")

        timeout_seconds = d.pop("timeout_seconds", UNSET)

        retries = d.pop("retries", UNSET)

        _auth = d.pop("auth", UNSET)
        auth: ProjectConfigArchivesAdditionalPropertyType0Auth | Unset
        if isinstance(_auth, Unset):
            auth = UNSET
        else:
            auth = check_project_config_archives_additional_property_type_0_auth(_auth)

        _mode = d.pop("mode", UNSET)
        mode: ProjectConfigArchivesAdditionalPropertyType0Mode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_project_config_archives_additional_property_type_0_mode(_mode)

        async_above_rows = d.pop("async_above_rows", UNSET)

        max_concurrent_queries = d.pop("max_concurrent_queries", UNSET)

        origins = cast(list[str], d.pop("origins", UNSET))

        login_check_url = d.pop("login_check_url", UNSET)

        project_config_archives_additional_property_type_0 = cls(
            kind=kind,
            url=url,
            timeout_seconds=timeout_seconds,
            retries=retries,
            auth=auth,
            mode=mode,
            async_above_rows=async_above_rows,
            max_concurrent_queries=max_concurrent_queries,
            origins=origins,
            login_check_url=login_check_url,
        )

        return project_config_archives_additional_property_type_0
