from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execution_page import ExecutionPage
from ...models.list_executions_state import (
    ListExecutionsState,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    id_prefix: str | Unset = UNSET,
    project_module: str | Unset = UNSET,
    state: ListExecutionsState | Unset = UNSET,
    deployment_profile_id: str | Unset = UNSET,
    deployment_profile_name: str | Unset = UNSET,
    source_id: str | Unset = UNSET,
    ended_since: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["id_prefix"] = id_prefix

    params["project_module"] = project_module

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state

    params["state"] = json_state

    params["deployment_profile_id"] = deployment_profile_id

    params["deployment_profile_name"] = deployment_profile_name

    params["source_id"] = source_id

    params["ended_since"] = ended_since

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/executions",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ExecutionPage | None:
    if response.status_code == 200:
        response_200 = ExecutionPage.from_dict(response.json())

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
) -> Response[Error | ExecutionPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    id_prefix: str | Unset = UNSET,
    project_module: str | Unset = UNSET,
    state: ListExecutionsState | Unset = UNSET,
    deployment_profile_id: str | Unset = UNSET,
    deployment_profile_name: str | Unset = UNSET,
    source_id: str | Unset = UNSET,
    ended_since: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[Error | ExecutionPage]:
    """Executions newest first, paged (limit, default 100, at most 500; a page also ends before the sources
    of its executions would pass 10,000, never empty; cursor); filters: id_prefix (the first 8 or more
    characters of an id, as the console and the CLI show them), project_module, state,
    deployment_profile_id, deployment_profile_name, source_id (executions that run that source, among
    others), ended_since (executions that ended at or after it: a UTC month, day or date-time)

    Args:
        id_prefix (str | Unset):
        project_module (str | Unset):
        state (ListExecutionsState | Unset):
        deployment_profile_id (str | Unset):
        deployment_profile_name (str | Unset):
        source_id (str | Unset):
        ended_since (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecutionPage]
    """

    kwargs = _get_kwargs(
        id_prefix=id_prefix,
        project_module=project_module,
        state=state,
        deployment_profile_id=deployment_profile_id,
        deployment_profile_name=deployment_profile_name,
        source_id=source_id,
        ended_since=ended_since,
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
    id_prefix: str | Unset = UNSET,
    project_module: str | Unset = UNSET,
    state: ListExecutionsState | Unset = UNSET,
    deployment_profile_id: str | Unset = UNSET,
    deployment_profile_name: str | Unset = UNSET,
    source_id: str | Unset = UNSET,
    ended_since: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Error | ExecutionPage | None:
    """Executions newest first, paged (limit, default 100, at most 500; a page also ends before the sources
    of its executions would pass 10,000, never empty; cursor); filters: id_prefix (the first 8 or more
    characters of an id, as the console and the CLI show them), project_module, state,
    deployment_profile_id, deployment_profile_name, source_id (executions that run that source, among
    others), ended_since (executions that ended at or after it: a UTC month, day or date-time)

    Args:
        id_prefix (str | Unset):
        project_module (str | Unset):
        state (ListExecutionsState | Unset):
        deployment_profile_id (str | Unset):
        deployment_profile_name (str | Unset):
        source_id (str | Unset):
        ended_since (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecutionPage
    """

    return sync_detailed(
        client=client,
        id_prefix=id_prefix,
        project_module=project_module,
        state=state,
        deployment_profile_id=deployment_profile_id,
        deployment_profile_name=deployment_profile_name,
        source_id=source_id,
        ended_since=ended_since,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    id_prefix: str | Unset = UNSET,
    project_module: str | Unset = UNSET,
    state: ListExecutionsState | Unset = UNSET,
    deployment_profile_id: str | Unset = UNSET,
    deployment_profile_name: str | Unset = UNSET,
    source_id: str | Unset = UNSET,
    ended_since: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[Error | ExecutionPage]:
    """Executions newest first, paged (limit, default 100, at most 500; a page also ends before the sources
    of its executions would pass 10,000, never empty; cursor); filters: id_prefix (the first 8 or more
    characters of an id, as the console and the CLI show them), project_module, state,
    deployment_profile_id, deployment_profile_name, source_id (executions that run that source, among
    others), ended_since (executions that ended at or after it: a UTC month, day or date-time)

    Args:
        id_prefix (str | Unset):
        project_module (str | Unset):
        state (ListExecutionsState | Unset):
        deployment_profile_id (str | Unset):
        deployment_profile_name (str | Unset):
        source_id (str | Unset):
        ended_since (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecutionPage]
    """

    kwargs = _get_kwargs(
        id_prefix=id_prefix,
        project_module=project_module,
        state=state,
        deployment_profile_id=deployment_profile_id,
        deployment_profile_name=deployment_profile_name,
        source_id=source_id,
        ended_since=ended_since,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    id_prefix: str | Unset = UNSET,
    project_module: str | Unset = UNSET,
    state: ListExecutionsState | Unset = UNSET,
    deployment_profile_id: str | Unset = UNSET,
    deployment_profile_name: str | Unset = UNSET,
    source_id: str | Unset = UNSET,
    ended_since: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Error | ExecutionPage | None:
    """Executions newest first, paged (limit, default 100, at most 500; a page also ends before the sources
    of its executions would pass 10,000, never empty; cursor); filters: id_prefix (the first 8 or more
    characters of an id, as the console and the CLI show them), project_module, state,
    deployment_profile_id, deployment_profile_name, source_id (executions that run that source, among
    others), ended_since (executions that ended at or after it: a UTC month, day or date-time)

    Args:
        id_prefix (str | Unset):
        project_module (str | Unset):
        state (ListExecutionsState | Unset):
        deployment_profile_id (str | Unset):
        deployment_profile_name (str | Unset):
        source_id (str | Unset):
        ended_since (str | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecutionPage
    """

    return (
        await asyncio_detailed(
            client=client,
            id_prefix=id_prefix,
            project_module=project_module,
            state=state,
            deployment_profile_id=deployment_profile_id,
            deployment_profile_name=deployment_profile_name,
            source_id=source_id,
            ended_since=ended_since,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
