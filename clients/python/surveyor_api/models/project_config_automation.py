from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.project_config_automation_discovery import (
        ProjectConfigAutomationDiscovery,
    )
    from ..models.project_config_automation_execution import (
        ProjectConfigAutomationExecution,
    )


T = TypeVar("T", bound="ProjectConfigAutomation")


@_attrs_define
class ProjectConfigAutomation:
    """
    Attributes:
        discovery (ProjectConfigAutomationDiscovery | Unset):
        execution (ProjectConfigAutomationExecution | Unset):
    """

    discovery: ProjectConfigAutomationDiscovery | Unset = UNSET
    execution: ProjectConfigAutomationExecution | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        discovery: dict[str, Any] | Unset = UNSET
        if not isinstance(self.discovery, Unset):
            discovery = self.discovery.to_dict()

        execution: dict[str, Any] | Unset = UNSET
        if not isinstance(self.execution, Unset):
            execution = self.execution.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if discovery is not UNSET:
            field_dict["discovery"] = discovery
        if execution is not UNSET:
            field_dict["execution"] = execution

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_config_automation_discovery import (
            ProjectConfigAutomationDiscovery,
        )
        from ..models.project_config_automation_execution import (
            ProjectConfigAutomationExecution,
        )

        d = dict(src_dict)
        _discovery = d.pop("discovery", UNSET)
        discovery: ProjectConfigAutomationDiscovery | Unset
        if isinstance(_discovery, Unset):
            discovery = UNSET
        else:
            discovery = ProjectConfigAutomationDiscovery.from_dict(_discovery)

        _execution = d.pop("execution", UNSET)
        execution: ProjectConfigAutomationExecution | Unset
        if isinstance(_execution, Unset):
            execution = UNSET
        else:
            execution = ProjectConfigAutomationExecution.from_dict(_execution)

        project_config_automation = cls(
            discovery=discovery,
            execution=execution,
        )

        return project_config_automation
