from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execution import Execution
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    from_scratch: bool | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["from_scratch"] = from_scratch

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/executions/{id}/retry".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Execution | None:
    if response.status_code == 202:
        response_202 = Execution.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Error | Execution]:
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
    from_scratch: bool | Unset = UNSET,
) -> Response[Error | Execution]:
    """Start a new attempt of a failed or cancelled execution (attempt + 1, same pinned configuration and
    profile snapshot, same switches). Refused (409) in any other state. An earlier attempt the backend
    never confirmed ended is settled first: looked up, cancelled and waited for, before the new attempt
    stages anything. The new attempt reuses what an earlier one staged when the dataset and its link are
    the same and every file is still there with its checksum (event execution.staging_reused, or
    execution.staging_not_reused with why); from_scratch=true stages everything again.

    Args:
        id (str):
        from_scratch (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Execution]
    """

    kwargs = _get_kwargs(
        id=id,
        from_scratch=from_scratch,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    from_scratch: bool | Unset = UNSET,
) -> Error | Execution | None:
    """Start a new attempt of a failed or cancelled execution (attempt + 1, same pinned configuration and
    profile snapshot, same switches). Refused (409) in any other state. An earlier attempt the backend
    never confirmed ended is settled first: looked up, cancelled and waited for, before the new attempt
    stages anything. The new attempt reuses what an earlier one staged when the dataset and its link are
    the same and every file is still there with its checksum (event execution.staging_reused, or
    execution.staging_not_reused with why); from_scratch=true stages everything again.

    Args:
        id (str):
        from_scratch (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Execution
    """

    return sync_detailed(
        id=id,
        client=client,
        from_scratch=from_scratch,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    from_scratch: bool | Unset = UNSET,
) -> Response[Error | Execution]:
    """Start a new attempt of a failed or cancelled execution (attempt + 1, same pinned configuration and
    profile snapshot, same switches). Refused (409) in any other state. An earlier attempt the backend
    never confirmed ended is settled first: looked up, cancelled and waited for, before the new attempt
    stages anything. The new attempt reuses what an earlier one staged when the dataset and its link are
    the same and every file is still there with its checksum (event execution.staging_reused, or
    execution.staging_not_reused with why); from_scratch=true stages everything again.

    Args:
        id (str):
        from_scratch (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Execution]
    """

    kwargs = _get_kwargs(
        id=id,
        from_scratch=from_scratch,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    from_scratch: bool | Unset = UNSET,
) -> Error | Execution | None:
    """Start a new attempt of a failed or cancelled execution (attempt + 1, same pinned configuration and
    profile snapshot, same switches). Refused (409) in any other state. An earlier attempt the backend
    never confirmed ended is settled first: looked up, cancelled and waited for, before the new attempt
    stages anything. The new attempt reuses what an earlier one staged when the dataset and its link are
    the same and every file is still there with its checksum (event execution.staging_reused, or
    execution.staging_not_reused with why); from_scratch=true stages everything again.

    Args:
        id (str):
        from_scratch (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Execution
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_scratch=from_scratch,
        )
    ).parsed
