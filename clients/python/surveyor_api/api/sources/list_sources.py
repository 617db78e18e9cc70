from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_sources_discovery_state import (
    ListSourcesDiscoveryState,
)
from ...models.source_page import SourcePage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    project_module: str,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    discovery_state: ListSourcesDiscoveryState | Unset = UNSET,
    enabled: bool | Unset = UNSET,
    needs_processing: bool | Unset = UNSET,
    identifier_prefix: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["project_module"] = project_module

    params["limit"] = limit

    params["cursor"] = cursor

    json_discovery_state: str | Unset = UNSET
    if not isinstance(discovery_state, Unset):
        json_discovery_state = discovery_state

    params["discovery_state"] = json_discovery_state

    params["enabled"] = enabled

    params["needs_processing"] = needs_processing

    params["identifier_prefix"] = identifier_prefix

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/sources",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SourcePage | None:
    if response.status_code == 200:
        response_200 = SourcePage.from_dict(response.json())

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
) -> Response[Error | SourcePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    project_module: str,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    discovery_state: ListSourcesDiscoveryState | Unset = UNSET,
    enabled: bool | Unset = UNSET,
    needs_processing: bool | Unset = UNSET,
    identifier_prefix: str | Unset = UNSET,
) -> Response[Error | SourcePage]:
    """A project's sources by identifier in code point order, paged (limit, default 100, at most 1000;
    cursor). Filters, each optional and all applied together: discovery_state, enabled, needs_processing
    (discovery found data no execution has processed), identifier_prefix (identifiers that start with
    it, case as registered)

    Args:
        project_module (str):
        limit (int | Unset):
        cursor (str | Unset):
        discovery_state (ListSourcesDiscoveryState | Unset):
        enabled (bool | Unset):
        needs_processing (bool | Unset):
        identifier_prefix (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SourcePage]
    """

    kwargs = _get_kwargs(
        project_module=project_module,
        limit=limit,
        cursor=cursor,
        discovery_state=discovery_state,
        enabled=enabled,
        needs_processing=needs_processing,
        identifier_prefix=identifier_prefix,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    project_module: str,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    discovery_state: ListSourcesDiscoveryState | Unset = UNSET,
    enabled: bool | Unset = UNSET,
    needs_processing: bool | Unset = UNSET,
    identifier_prefix: str | Unset = UNSET,
) -> Error | SourcePage | None:
    """A project's sources by identifier in code point order, paged (limit, default 100, at most 1000;
    cursor). Filters, each optional and all applied together: discovery_state, enabled, needs_processing
    (discovery found data no execution has processed), identifier_prefix (identifiers that start with
    it, case as registered)

    Args:
        project_module (str):
        limit (int | Unset):
        cursor (str | Unset):
        discovery_state (ListSourcesDiscoveryState | Unset):
        enabled (bool | Unset):
        needs_processing (bool | Unset):
        identifier_prefix (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SourcePage
    """

    return sync_detailed(
        client=client,
        project_module=project_module,
        limit=limit,
        cursor=cursor,
        discovery_state=discovery_state,
        enabled=enabled,
        needs_processing=needs_processing,
        identifier_prefix=identifier_prefix,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    project_module: str,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    discovery_state: ListSourcesDiscoveryState | Unset = UNSET,
    enabled: bool | Unset = UNSET,
    needs_processing: bool | Unset = UNSET,
    identifier_prefix: str | Unset = UNSET,
) -> Response[Error | SourcePage]:
    """A project's sources by identifier in code point order, paged (limit, default 100, at most 1000;
    cursor). Filters, each optional and all applied together: discovery_state, enabled, needs_processing
    (discovery found data no execution has processed), identifier_prefix (identifiers that start with
    it, case as registered)

    Args:
        project_module (str):
        limit (int | Unset):
        cursor (str | Unset):
        discovery_state (ListSourcesDiscoveryState | Unset):
        enabled (bool | Unset):
        needs_processing (bool | Unset):
        identifier_prefix (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SourcePage]
    """

    kwargs = _get_kwargs(
        project_module=project_module,
        limit=limit,
        cursor=cursor,
        discovery_state=discovery_state,
        enabled=enabled,
        needs_processing=needs_processing,
        identifier_prefix=identifier_prefix,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    project_module: str,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    discovery_state: ListSourcesDiscoveryState | Unset = UNSET,
    enabled: bool | Unset = UNSET,
    needs_processing: bool | Unset = UNSET,
    identifier_prefix: str | Unset = UNSET,
) -> Error | SourcePage | None:
    """A project's sources by identifier in code point order, paged (limit, default 100, at most 1000;
    cursor). Filters, each optional and all applied together: discovery_state, enabled, needs_processing
    (discovery found data no execution has processed), identifier_prefix (identifiers that start with
    it, case as registered)

    Args:
        project_module (str):
        limit (int | Unset):
        cursor (str | Unset):
        discovery_state (ListSourcesDiscoveryState | Unset):
        enabled (bool | Unset):
        needs_processing (bool | Unset):
        identifier_prefix (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SourcePage
    """

    return (
        await asyncio_detailed(
            client=client,
            project_module=project_module,
            limit=limit,
            cursor=cursor,
            discovery_state=discovery_state,
            enabled=enabled,
            needs_processing=needs_processing,
            identifier_prefix=identifier_prefix,
        )
    ).parsed
