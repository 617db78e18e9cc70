from typing import Literal

DevicePollAnswerType0Status = Literal["pending", "slow_down"]

DEVICE_POLL_ANSWER_TYPE_0_STATUS_VALUES: set[DevicePollAnswerType0Status] = {
    "pending",
    "slow_down",
}


def check_device_poll_answer_type_0_status(value: str) -> DevicePollAnswerType0Status:
    if value in DEVICE_POLL_ANSWER_TYPE_0_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DEVICE_POLL_ANSWER_TYPE_0_STATUS_VALUES!r}"
    )
