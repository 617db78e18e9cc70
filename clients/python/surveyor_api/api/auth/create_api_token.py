from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_token_created import ApiTokenCreated
from ...models.api_token_request import ApiTokenRequest
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: ApiTokenRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/auth/tokens",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiTokenCreated | Error | None:
    if response.status_code == 201:
        response_201 = ApiTokenCreated.from_dict(response.json())

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
) -> Response[ApiTokenCreated | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ApiTokenRequest,
) -> Response[ApiTokenCreated | Error]:
    """Make an API token for a program (a cron job, a pipeline): a name, a role no higher than yours
    (default yours), and the days it lives (at most SERVICE_API_TOKEN_MAX_DAYS). The answer is the only
    time its text is shown; send it as Authorization: Bearer. Made from a login only, never with a
    token; at most 20 live per account

    Args:
        body (ApiTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiTokenCreated | Error]
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
    body: ApiTokenRequest,
) -> ApiTokenCreated | Error | None:
    """Make an API token for a program (a cron job, a pipeline): a name, a role no higher than yours
    (default yours), and the days it lives (at most SERVICE_API_TOKEN_MAX_DAYS). The answer is the only
    time its text is shown; send it as Authorization: Bearer. Made from a login only, never with a
    token; at most 20 live per account

    Args:
        body (ApiTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiTokenCreated | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ApiTokenRequest,
) -> Response[ApiTokenCreated | Error]:
    """Make an API token for a program (a cron job, a pipeline): a name, a role no higher than yours
    (default yours), and the days it lives (at most SERVICE_API_TOKEN_MAX_DAYS). The answer is the only
    time its text is shown; send it as Authorization: Bearer. Made from a login only, never with a
    token; at most 20 live per account

    Args:
        body (ApiTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiTokenCreated | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ApiTokenRequest,
) -> ApiTokenCreated | Error | None:
    """Make an API token for a program (a cron job, a pipeline): a name, a role no higher than yours
    (default yours), and the days it lives (at most SERVICE_API_TOKEN_MAX_DAYS). The answer is the only
    time its text is shown; send it as Authorization: Bearer. Made from a login only, never with a
    token; at most 20 live per account

    Args:
        body (ApiTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiTokenCreated | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
