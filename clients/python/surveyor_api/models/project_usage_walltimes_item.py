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
from attrs import field as _attrs_field

from ..models.project_usage_walltimes_item_from import (
    ProjectUsageWalltimesItemFrom,
    check_project_usage_walltimes_item_from,
)

T = TypeVar("T", bound="ProjectUsageWalltimesItem")


@_attrs_define
class ProjectUsageWalltimesItem:
    """
    Attributes:
        profile_name (str):
        job_duration_minutes (float | Literal['auto']):
        estimate_minutes (float):
        basis (str):
        from_ (ProjectUsageWalltimesItemFrom):
        completed_runs (float):
        timed_out_runs (float):
    """

    profile_name: str
    job_duration_minutes: float | Literal["auto"]
    estimate_minutes: float
    basis: str
    from_: ProjectUsageWalltimesItemFrom
    completed_runs: float
    timed_out_runs: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        profile_name = self.profile_name

        job_duration_minutes: float | Literal["auto"]
        job_duration_minutes = self.job_duration_minutes

        estimate_minutes = self.estimate_minutes

        basis = self.basis

        from_: str = self.from_

        completed_runs = self.completed_runs

        timed_out_runs = self.timed_out_runs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "profile_name": profile_name,
                "job_duration_minutes": job_duration_minutes,
                "estimate_minutes": estimate_minutes,
                "basis": basis,
                "from": from_,
                "completed_runs": completed_runs,
                "timed_out_runs": timed_out_runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        profile_name = d.pop("profile_name")

        def _parse_job_duration_minutes(data: object) -> float | Literal["auto"]:
            job_duration_minutes_type_1 = cast(Literal["auto"], data)
            if job_duration_minutes_type_1 != "auto":
                raise ValueError(
                    f"job_duration_minutes_type_1 must match const 'auto', got '{job_duration_minutes_type_1}'"
                )
            return job_duration_minutes_type_1
            return cast(float | Literal["auto"], data)

        job_duration_minutes = _parse_job_duration_minutes(
            d.pop("job_duration_minutes")
        )

        estimate_minutes = d.pop("estimate_minutes")

        basis = d.pop("basis")

        from_ = check_project_usage_walltimes_item_from(d.pop("from"))

        completed_runs = d.pop("completed_runs")

        timed_out_runs = d.pop("timed_out_runs")

        project_usage_walltimes_item = cls(
            profile_name=profile_name,
            job_duration_minutes=job_duration_minutes,
            estimate_minutes=estimate_minutes,
            basis=basis,
            from_=from_,
            completed_runs=completed_runs,
            timed_out_runs=timed_out_runs,
        )

        project_usage_walltimes_item.additional_properties = d
        return project_usage_walltimes_item

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
