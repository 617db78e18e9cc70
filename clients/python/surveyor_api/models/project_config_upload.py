from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_config_upload_config import ProjectConfigUploadConfig


T = TypeVar("T", bound="ProjectConfigUpload")


@_attrs_define
class ProjectConfigUpload:
    """
    Attributes:
        project_module (str):
        version (float):
        content_hash (str):
        active (bool):
        created_at (datetime.datetime):
        created_by (str):
        config (ProjectConfigUploadConfig):
        yaml (str):
        changed (bool):
    """

    project_module: str
    version: float
    content_hash: str
    active: bool
    created_at: datetime.datetime
    created_by: str
    config: ProjectConfigUploadConfig
    yaml: str
    changed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_module = self.project_module

        version = self.version

        content_hash = self.content_hash

        active = self.active

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        config = self.config.to_dict()

        yaml = self.yaml

        changed = self.changed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_module": project_module,
                "version": version,
                "content_hash": content_hash,
                "active": active,
                "created_at": created_at,
                "created_by": created_by,
                "config": config,
                "yaml": yaml,
                "changed": changed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_upload_config import ProjectConfigUploadConfig

        d = dict(src_dict)
        project_module = d.pop("project_module")

        version = d.pop("version")

        content_hash = d.pop("content_hash")

        active = d.pop("active")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        config = ProjectConfigUploadConfig.from_dict(d.pop("config"))

        yaml = d.pop("yaml")

        changed = d.pop("changed")

        project_config_upload = cls(
            project_module=project_module,
            version=version,
            content_hash=content_hash,
            active=active,
            created_at=created_at,
            created_by=created_by,
            config=config,
            yaml=yaml,
            changed=changed,
        )

        project_config_upload.additional_properties = d
        return project_config_upload

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
