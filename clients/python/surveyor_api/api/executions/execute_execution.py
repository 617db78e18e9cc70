from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execute_request import ExecuteRequest
from ...models.execute_response import ExecuteResponse
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: ExecuteRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/executions/{id}/execute".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ExecuteResponse | None:
    if response.status_code == 202:
        response_202 = ExecuteResponse.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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
) -> Response[Error | ExecuteResponse]:
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
    body: ExecuteRequest,
) -> Response[Error | ExecuteResponse]:
    """Ask a pending execution to run. do_stage and do_submit default to true; both false is a dry run
    (manifest and patched graph built, nothing staged or submitted). Queued at once when every gate
    passes, else blocked_by says what it waits for and the execution tick queues it later. Asking again
    with the same switches while it is on its way returns it unchanged; other switches are 409, and so
    is an execution that has ended (the message says how it ended and what runs it again: retry for a
    failed or cancelled one, a new execution for a completed one).

    Args:
        id (str):
        body (ExecuteRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecuteResponse]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ExecuteRequest,
) -> Error | ExecuteResponse | None:
    """Ask a pending execution to run. do_stage and do_submit default to true; both false is a dry run
    (manifest and patched graph built, nothing staged or submitted). Queued at once when every gate
    passes, else blocked_by says what it waits for and the execution tick queues it later. Asking again
    with the same switches while it is on its way returns it unchanged; other switches are 409, and so
    is an execution that has ended (the message says how it ended and what runs it again: retry for a
    failed or cancelled one, a new execution for a completed one).

    Args:
        id (str):
        body (ExecuteRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecuteResponse
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ExecuteRequest,
) -> Response[Error | ExecuteResponse]:
    """Ask a pending execution to run. do_stage and do_submit default to true; both false is a dry run
    (manifest and patched graph built, nothing staged or submitted). Queued at once when every gate
    passes, else blocked_by says what it waits for and the execution tick queues it later. Asking again
    with the same switches while it is on its way returns it unchanged; other switches are 409, and so
    is an execution that has ended (the message says how it ended and what runs it again: retry for a
    failed or cancelled one, a new execution for a completed one).

    Args:
        id (str):
        body (ExecuteRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExecuteResponse]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ExecuteRequest,
) -> Error | ExecuteResponse | None:
    """Ask a pending execution to run. do_stage and do_submit default to true; both false is a dry run
    (manifest and patched graph built, nothing staged or submitted). Queued at once when every gate
    passes, else blocked_by says what it waits for and the execution tick queues it later. Asking again
    with the same switches while it is on its way returns it unchanged; other switches are 409, and so
    is an execution that has ended (the message says how it ended and what runs it again: retry for a
    failed or cancelled one, a new execution for a completed one).

    Args:
        id (str):
        body (ExecuteRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExecuteResponse
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
