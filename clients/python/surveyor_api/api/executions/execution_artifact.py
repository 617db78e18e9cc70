from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execution_artifact_response_200_type_0 import (
    ExecutionArtifactResponse200Type0,
)
from ...types import UNSET, Response


def _get_kwargs(
    id: str,
    *,
    attempt: int,
    name: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["attempt"] = attempt

    params["name"] = name

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/executions/{id}/artifact".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ExecutionArtifactResponse200Type0 | list[Any] | None:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> ExecutionArtifactResponse200Type0 | list[Any]:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = ExecutionArtifactResponse200Type0.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            response_200_type_1 = cast(list[Any], data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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
) -> Response[Error | ExecutionArtifactResponse200Type0 | list[Any]]:
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
    attempt: int,
    name: str,
) -> Response[Error | ExecutionArtifactResponse200Type0 | list[Any]]:
    """One artifact's content (the manifest, the logical graph, the translated graph, staging records) by
    attempt and name, as the ledger snapshot lists them; 404 once retention dropped it

    Args:
        id (str):
        attempt (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecutionArtifactResponse200Type0 | list[Any]]
    """

    kwargs = _get_kwargs(
        id=id,
        attempt=attempt,
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    attempt: int,
    name: str,
) -> Error | ExecutionArtifactResponse200Type0 | list[Any] | None:
    """One artifact's content (the manifest, the logical graph, the translated graph, staging records) by
    attempt and name, as the ledger snapshot lists them; 404 once retention dropped it

    Args:
        id (str):
        attempt (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecutionArtifactResponse200Type0 | list[Any]
    """

    return sync_detailed(
        id=id,
        client=client,
        attempt=attempt,
        name=name,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    attempt: int,
    name: str,
) -> Response[Error | ExecutionArtifactResponse200Type0 | list[Any]]:
    """One artifact's content (the manifest, the logical graph, the translated graph, staging records) by
    attempt and name, as the ledger snapshot lists them; 404 once retention dropped it

    Args:
        id (str):
        attempt (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecutionArtifactResponse200Type0 | list[Any]]
    """

    kwargs = _get_kwargs(
        id=id,
        attempt=attempt,
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    attempt: int,
    name: str,
) -> Error | ExecutionArtifactResponse200Type0 | list[Any] | None:
    """One artifact's content (the manifest, the logical graph, the translated graph, staging records) by
    attempt and name, as the ledger snapshot lists them; 404 once retention dropped it

    Args:
        id (str):
        attempt (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecutionArtifactResponse200Type0 | list[Any]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            attempt=attempt,
            name=name,
        )
    ).parsed
