from typing import Literal

SourceBulkResultItemsItemStatus = Literal["created", "exists", "invalid"]

SOURCE_BULK_RESULT_ITEMS_ITEM_STATUS_VALUES: set[SourceBulkResultItemsItemStatus] = {
    "created",
    "exists",
    "invalid",
}


def check_source_bulk_result_items_item_status(
    value: str,
) -> SourceBulkResultItemsItemStatus:
    if value in SOURCE_BULK_RESULT_ITEMS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SOURCE_BULK_RESULT_ITEMS_ITEM_STATUS_VALUES!r}"
    )
