from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.drop_states import DropStates
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/executions/{id}/drop-states".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DropStates | Error | None:
    if response.status_code == 200:
        response_200 = DropStates.from_dict(response.json())

        return response_200

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DropStates | Error]:
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
) -> Response[DropStates | Error]:
    """Each drop's state now (waiting, running, done, error, cancelled, skipped) by oid, with counts, read
    from the island manager while the attempt runs there (looks within 2 s share one read); for a run
    that has not reached its backend, has ended, or runs in a Slurm job, `source` is none and `note`
    says why (a Slurm job's drops are reachable only over SSH through the login node). An island manager
    that does not answer is a 503

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DropStates | Error]
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
) -> DropStates | Error | None:
    """Each drop's state now (waiting, running, done, error, cancelled, skipped) by oid, with counts, read
    from the island manager while the attempt runs there (looks within 2 s share one read); for a run
    that has not reached its backend, has ended, or runs in a Slurm job, `source` is none and `note`
    says why (a Slurm job's drops are reachable only over SSH through the login node). An island manager
    that does not answer is a 503

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DropStates | Error
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DropStates | Error]:
    """Each drop's state now (waiting, running, done, error, cancelled, skipped) by oid, with counts, read
    from the island manager while the attempt runs there (looks within 2 s share one read); for a run
    that has not reached its backend, has ended, or runs in a Slurm job, `source` is none and `note`
    says why (a Slurm job's drops are reachable only over SSH through the login node). An island manager
    that does not answer is a 503

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DropStates | Error]
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
) -> DropStates | Error | None:
    """Each drop's state now (waiting, running, done, error, cancelled, skipped) by oid, with counts, read
    from the island manager while the attempt runs there (looks within 2 s share one read); for a run
    that has not reached its backend, has ended, or runs in a Slurm job, `source` is none and `note`
    says why (a Slurm job's drops are reachable only over SSH through the login node). An island manager
    that does not answer is a 503

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DropStates | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
