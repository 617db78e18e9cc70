from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.worker import Worker
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/workers/{id}/drain".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Worker | None:
    if response.status_code == 202:
        response_202 = Worker.from_dict(response.json())

        return response_202

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Worker]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | Worker]:
    """Drain a worker process (an id from the overview's workers): at its next heartbeat it stops claiming
    jobs, finishes or hands back what it holds within SERVICE_SHUTDOWN_GRACE_SECONDS, deregisters and
    exits (a process group does not replace it). For rolling upgrades; asking again changes nothing

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Worker]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Error | Worker | None:
    """Drain a worker process (an id from the overview's workers): at its next heartbeat it stops claiming
    jobs, finishes or hands back what it holds within SERVICE_SHUTDOWN_GRACE_SECONDS, deregisters and
    exits (a process group does not replace it). For rolling upgrades; asking again changes nothing

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Worker
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | Worker]:
    """Drain a worker process (an id from the overview's workers): at its next heartbeat it stops claiming
    jobs, finishes or hands back what it holds within SERVICE_SHUTDOWN_GRACE_SECONDS, deregisters and
    exits (a process group does not replace it). For rolling upgrades; asking again changes nothing

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Worker]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Error | Worker | None:
    """Drain a worker process (an id from the overview's workers): at its next heartbeat it stops claiming
    jobs, finishes or hands back what it holds within SERVICE_SHUTDOWN_GRACE_SECONDS, deregisters and
    exits (a process group does not replace it). For rolling upgrades; asking again changes nothing

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Worker
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
