from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.alert_delivery_list import AlertDeliveryList
from ...models.error import Error
from ...models.list_deliveries_state import (
    ListDeliveriesState,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    state: ListDeliveriesState | Unset = UNSET,
    rule_id: str | Unset = UNSET,
    channel_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state

    params["state"] = json_state

    params["rule_id"] = rule_id

    params["channel_id"] = channel_id

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/alert-deliveries",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AlertDeliveryList | Error | None:
    if response.status_code == 200:
        response_200 = AlertDeliveryList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AlertDeliveryList | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    state: ListDeliveriesState | Unset = UNSET,
    rule_id: str | Unset = UNSET,
    channel_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[AlertDeliveryList | Error]:
    """List alert deliveries, newest first, paged (limit, default 100, at most 1000; cursor), by state,
    rule_id or channel_id

    Args:
        state (ListDeliveriesState | Unset):
        rule_id (str | Unset):
        channel_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertDeliveryList | Error]
    """

    kwargs = _get_kwargs(
        state=state,
        rule_id=rule_id,
        channel_id=channel_id,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    state: ListDeliveriesState | Unset = UNSET,
    rule_id: str | Unset = UNSET,
    channel_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> AlertDeliveryList | Error | None:
    """List alert deliveries, newest first, paged (limit, default 100, at most 1000; cursor), by state,
    rule_id or channel_id

    Args:
        state (ListDeliveriesState | Unset):
        rule_id (str | Unset):
        channel_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertDeliveryList | Error
    """

    return sync_detailed(
        client=client,
        state=state,
        rule_id=rule_id,
        channel_id=channel_id,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    state: ListDeliveriesState | Unset = UNSET,
    rule_id: str | Unset = UNSET,
    channel_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[AlertDeliveryList | Error]:
    """List alert deliveries, newest first, paged (limit, default 100, at most 1000; cursor), by state,
    rule_id or channel_id

    Args:
        state (ListDeliveriesState | Unset):
        rule_id (str | Unset):
        channel_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertDeliveryList | Error]
    """

    kwargs = _get_kwargs(
        state=state,
        rule_id=rule_id,
        channel_id=channel_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    state: ListDeliveriesState | Unset = UNSET,
    rule_id: str | Unset = UNSET,
    channel_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> AlertDeliveryList | Error | None:
    """List alert deliveries, newest first, paged (limit, default 100, at most 1000; cursor), by state,
    rule_id or channel_id

    Args:
        state (ListDeliveriesState | Unset):
        rule_id (str | Unset):
        channel_id (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertDeliveryList | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            state=state,
            rule_id=rule_id,
            channel_id=channel_id,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
