from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.notification_channel import NotificationChannel
from ...models.notification_channel_input_type_0 import NotificationChannelInputType0
from ...models.notification_channel_input_type_1 import NotificationChannelInputType1
from ...types import Response


def _get_kwargs(
    *,
    body: NotificationChannelInputType0 | NotificationChannelInputType1,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/notification-channels",
    }

    if isinstance(body, NotificationChannelInputType0):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | NotificationChannel | None:
    if response.status_code == 201:
        response_201 = NotificationChannel.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[Error | NotificationChannel]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationChannelInputType0 | NotificationChannelInputType1,
) -> Response[Error | NotificationChannel]:
    """Create a notification channel: a webhook (signed JSON, or Slack's body) or e-mail (SMTP). Its host
    must be one the service may reach (SERVICE_OUTBOUND_HOSTS; loopback and private addresses only with
    SERVICE_OUTBOUND_ALLOW_PRIVATE). Secrets are write-only: stored sealed, never returned

    Args:
        body (NotificationChannelInputType0 | NotificationChannelInputType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | NotificationChannel]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NotificationChannelInputType0 | NotificationChannelInputType1,
) -> Error | NotificationChannel | None:
    """Create a notification channel: a webhook (signed JSON, or Slack's body) or e-mail (SMTP). Its host
    must be one the service may reach (SERVICE_OUTBOUND_HOSTS; loopback and private addresses only with
    SERVICE_OUTBOUND_ALLOW_PRIVATE). Secrets are write-only: stored sealed, never returned

    Args:
        body (NotificationChannelInputType0 | NotificationChannelInputType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | NotificationChannel
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationChannelInputType0 | NotificationChannelInputType1,
) -> Response[Error | NotificationChannel]:
    """Create a notification channel: a webhook (signed JSON, or Slack's body) or e-mail (SMTP). Its host
    must be one the service may reach (SERVICE_OUTBOUND_HOSTS; loopback and private addresses only with
    SERVICE_OUTBOUND_ALLOW_PRIVATE). Secrets are write-only: stored sealed, never returned

    Args:
        body (NotificationChannelInputType0 | NotificationChannelInputType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | NotificationChannel]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NotificationChannelInputType0 | NotificationChannelInputType1,
) -> Error | NotificationChannel | None:
    """Create a notification channel: a webhook (signed JSON, or Slack's body) or e-mail (SMTP). Its host
    must be one the service may reach (SERVICE_OUTBOUND_HOSTS; loopback and private addresses only with
    SERVICE_OUTBOUND_ALLOW_PRIVATE). Secrets are write-only: stored sealed, never returned

    Args:
        body (NotificationChannelInputType0 | NotificationChannelInputType1):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | NotificationChannel
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
