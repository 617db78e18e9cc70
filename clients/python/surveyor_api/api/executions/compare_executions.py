from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execution_comparison import ExecutionComparison
from ...types import Response


def _get_kwargs(
    id: str,
    other: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/executions/{id}/diff/{other}".format(
            id=quote(str(id), safe=""),
            other=quote(str(other), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ExecutionComparison | None:
    if response.status_code == 200:
        response_200 = ExecutionComparison.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ExecutionComparison]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    other: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | ExecutionComparison]:
    """What differs between two executions: configuration version (with the unified diff of its YAML),
    graph digest, profile fields, sources (only in one; for the others the signature each used and what
    differs in their manifest entries: discovery metadata as rendered, staged checksums and sizes),
    backend, and outcome. `same` says whether what they were made with is the same (the outcome aside).

    Args:
        id (str):
        other (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecutionComparison]
    """

    kwargs = _get_kwargs(
        id=id,
        other=other,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    other: str,
    *,
    client: AuthenticatedClient,
) -> Error | ExecutionComparison | None:
    """What differs between two executions: configuration version (with the unified diff of its YAML),
    graph digest, profile fields, sources (only in one; for the others the signature each used and what
    differs in their manifest entries: discovery metadata as rendered, staged checksums and sizes),
    backend, and outcome. `same` says whether what they were made with is the same (the outcome aside).

    Args:
        id (str):
        other (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecutionComparison
    """

    return sync_detailed(
        id=id,
        other=other,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    other: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | ExecutionComparison]:
    """What differs between two executions: configuration version (with the unified diff of its YAML),
    graph digest, profile fields, sources (only in one; for the others the signature each used and what
    differs in their manifest entries: discovery metadata as rendered, staged checksums and sizes),
    backend, and outcome. `same` says whether what they were made with is the same (the outcome aside).

    Args:
        id (str):
        other (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecutionComparison]
    """

    kwargs = _get_kwargs(
        id=id,
        other=other,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    other: str,
    *,
    client: AuthenticatedClient,
) -> Error | ExecutionComparison | None:
    """What differs between two executions: configuration version (with the unified diff of its YAML),
    graph digest, profile fields, sources (only in one; for the others the signature each used and what
    differs in their manifest entries: discovery metadata as rendered, staged checksums and sizes),
    backend, and outcome. `same` says whether what they were made with is the same (the outcome aside).

    Args:
        id (str):
        other (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecutionComparison
    """

    return (
        await asyncio_detailed(
            id=id,
            other=other,
            client=client,
        )
    ).parsed
