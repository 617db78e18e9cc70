from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.project_automation import ProjectAutomation
from ...types import UNSET, Response, Unset


def _get_kwargs(
    module: str,
    *,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/projects/{module}/automation".format(
            module=quote(str(module), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ProjectAutomation | None:
    if response.status_code == 200:
        response_200 = ProjectAutomation.from_dict(response.json())

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
) -> Response[Error | ProjectAutomation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    module: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
) -> Response[Error | ProjectAutomation]:
    """The project's execution automation and the sources its retry rule holds back after failed runs:
    stopped (max_failed_runs reached, until new data or a new configuration version) first, then waiting
    (until retry_at), at most limit (default 100, at most 1000), with how many of each

    Args:
        module (str):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ProjectAutomation]
    """

    kwargs = _get_kwargs(
        module=module,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    module: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
) -> Error | ProjectAutomation | None:
    """The project's execution automation and the sources its retry rule holds back after failed runs:
    stopped (max_failed_runs reached, until new data or a new configuration version) first, then waiting
    (until retry_at), at most limit (default 100, at most 1000), with how many of each

    Args:
        module (str):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ProjectAutomation
    """

    return sync_detailed(
        module=module,
        client=client,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    module: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
) -> Response[Error | ProjectAutomation]:
    """The project's execution automation and the sources its retry rule holds back after failed runs:
    stopped (max_failed_runs reached, until new data or a new configuration version) first, then waiting
    (until retry_at), at most limit (default 100, at most 1000), with how many of each

    Args:
        module (str):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ProjectAutomation]
    """

    kwargs = _get_kwargs(
        module=module,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    module: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
) -> Error | ProjectAutomation | None:
    """The project's execution automation and the sources its retry rule holds back after failed runs:
    stopped (max_failed_runs reached, until new data or a new configuration version) first, then waiting
    (until retry_at), at most limit (default 100, at most 1000), with how many of each

    Args:
        module (str):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ProjectAutomation
    """

    return (
        await asyncio_detailed(
            module=module,
            client=client,
            limit=limit,
        )
    ).parsed
