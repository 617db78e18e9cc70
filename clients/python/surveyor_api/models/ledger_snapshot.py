from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ledger_snapshot_state import (
    LedgerSnapshotState,
    check_ledger_snapshot_state,
)

if TYPE_CHECKING:
    from ..models.ledger_snapshot_artifacts_item import LedgerSnapshotArtifactsItem
    from ..models.ledger_snapshot_configuration import LedgerSnapshotConfiguration
    from ..models.ledger_snapshot_deployment_profile import (
        LedgerSnapshotDeploymentProfile,
    )
    from ..models.ledger_snapshot_external import LedgerSnapshotExternal
    from ..models.ledger_snapshot_sources_item import LedgerSnapshotSourcesItem
    from ..models.ledger_snapshot_switches import LedgerSnapshotSwitches
    from ..models.ledger_snapshot_transitions_item import LedgerSnapshotTransitionsItem


T = TypeVar("T", bound="LedgerSnapshot")


@_attrs_define
class LedgerSnapshot:
    """
    Attributes:
        execution_id (str):
        generated_at (datetime.datetime):
        state (LedgerSnapshotState):
        attempt (float):
        configuration (LedgerSnapshotConfiguration):
        deployment_profile (LedgerSnapshotDeploymentProfile):
        archive_name (str):
        switches (LedgerSnapshotSwitches):
        sources (list[LedgerSnapshotSourcesItem]):
        artifacts (list[LedgerSnapshotArtifactsItem]):
        external (LedgerSnapshotExternal):
        transitions (list[LedgerSnapshotTransitionsItem]):
    """

    execution_id: str
    generated_at: datetime.datetime
    state: LedgerSnapshotState
    attempt: float
    configuration: LedgerSnapshotConfiguration
    deployment_profile: LedgerSnapshotDeploymentProfile
    archive_name: str
    switches: LedgerSnapshotSwitches
    sources: list[LedgerSnapshotSourcesItem]
    artifacts: list[LedgerSnapshotArtifactsItem]
    external: LedgerSnapshotExternal
    transitions: list[LedgerSnapshotTransitionsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        execution_id = self.execution_id

        generated_at = self.generated_at.isoformat()

        state: str = self.state

        attempt = self.attempt

        configuration = self.configuration.to_dict()

        deployment_profile = self.deployment_profile.to_dict()

        archive_name = self.archive_name

        switches = self.switches.to_dict()

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        artifacts = []
        for artifacts_item_data in self.artifacts:
            artifacts_item = artifacts_item_data.to_dict()
            artifacts.append(artifacts_item)

        external = self.external.to_dict()

        transitions = []
        for transitions_item_data in self.transitions:
            transitions_item = transitions_item_data.to_dict()
            transitions.append(transitions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "execution_id": execution_id,
                "generated_at": generated_at,
                "state": state,
                "attempt": attempt,
                "configuration": configuration,
                "deployment_profile": deployment_profile,
                "archive_name": archive_name,
                "switches": switches,
                "sources": sources,
                "artifacts": artifacts,
                "external": external,
                "transitions": transitions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_snapshot_artifacts_item import LedgerSnapshotArtifactsItem
        from ..models.ledger_snapshot_configuration import LedgerSnapshotConfiguration
        from ..models.ledger_snapshot_deployment_profile import (
            LedgerSnapshotDeploymentProfile,
        )
        from ..models.ledger_snapshot_external import LedgerSnapshotExternal
        from ..models.ledger_snapshot_sources_item import LedgerSnapshotSourcesItem
        from ..models.ledger_snapshot_switches import LedgerSnapshotSwitches
        from ..models.ledger_snapshot_transitions_item import (
            LedgerSnapshotTransitionsItem,
        )

        d = dict(src_dict)
        execution_id = d.pop("execution_id")

        generated_at = datetime.datetime.fromisoformat(d.pop("generated_at"))

        state = check_ledger_snapshot_state(d.pop("state"))

        attempt = d.pop("attempt")

        configuration = LedgerSnapshotConfiguration.from_dict(d.pop("configuration"))

        deployment_profile = LedgerSnapshotDeploymentProfile.from_dict(
            d.pop("deployment_profile")
        )

        archive_name = d.pop("archive_name")

        switches = LedgerSnapshotSwitches.from_dict(d.pop("switches"))

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = LedgerSnapshotSourcesItem.from_dict(sources_item_data)

            sources.append(sources_item)

        artifacts = []
        _artifacts = d.pop("artifacts")
        for artifacts_item_data in _artifacts:
            artifacts_item = LedgerSnapshotArtifactsItem.from_dict(artifacts_item_data)

            artifacts.append(artifacts_item)

        external = LedgerSnapshotExternal.from_dict(d.pop("external"))

        transitions = []
        _transitions = d.pop("transitions")
        for transitions_item_data in _transitions:
            transitions_item = LedgerSnapshotTransitionsItem.from_dict(
                transitions_item_data
            )

            transitions.append(transitions_item)

        ledger_snapshot = cls(
            execution_id=execution_id,
            generated_at=generated_at,
            state=state,
            attempt=attempt,
            configuration=configuration,
            deployment_profile=deployment_profile,
            archive_name=archive_name,
            switches=switches,
            sources=sources,
            artifacts=artifacts,
            external=external,
            transitions=transitions,
        )

        ledger_snapshot.additional_properties = d
        return ledger_snapshot

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
