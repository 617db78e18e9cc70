from typing import Literal

MeRole = Literal["admin", "none", "operator", "viewer"]

ME_ROLE_VALUES: set[MeRole] = {
    "admin",
    "none",
    "operator",
    "viewer",
}


def check_me_role(value: str) -> MeRole:
    if value in ME_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ME_ROLE_VALUES!r}")
