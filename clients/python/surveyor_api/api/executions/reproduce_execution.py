from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execute_response import ExecuteResponse
from ...models.reproduce_request import ReproduceRequest
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: ReproduceRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/executions/{id}/reproduce".format(
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
    if response.status_code == 201:
        response_201 = ExecuteResponse.from_dict(response.json())

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
    body: ReproduceRequest,
) -> Response[Error | ExecuteResponse]:
    """A new execution that runs again what this one ran: the same configuration version (its graph checked
    now by the sha256 it pins: 409 when the file no longer holds it), the same profile snapshot, the
    same sources on the metadata they had when this one translated (409 when that record is not there),
    and run_record.reproduces naming the original. with_current_config, with_current_profile and
    with_current_metadata take today's instead, and the run record says which. execute asks it to run at
    once with the original's do_stage and do_submit (dry_run: manifest and graph only); otherwise it
    waits in pending like any new execution.

    Args:
        id (str):
        body (ReproduceRequest):

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
    body: ReproduceRequest,
) -> Error | ExecuteResponse | None:
    """A new execution that runs again what this one ran: the same configuration version (its graph checked
    now by the sha256 it pins: 409 when the file no longer holds it), the same profile snapshot, the
    same sources on the metadata they had when this one translated (409 when that record is not there),
    and run_record.reproduces naming the original. with_current_config, with_current_profile and
    with_current_metadata take today's instead, and the run record says which. execute asks it to run at
    once with the original's do_stage and do_submit (dry_run: manifest and graph only); otherwise it
    waits in pending like any new execution.

    Args:
        id (str):
        body (ReproduceRequest):

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
    body: ReproduceRequest,
) -> Response[Error | ExecuteResponse]:
    """A new execution that runs again what this one ran: the same configuration version (its graph checked
    now by the sha256 it pins: 409 when the file no longer holds it), the same profile snapshot, the
    same sources on the metadata they had when this one translated (409 when that record is not there),
    and run_record.reproduces naming the original. with_current_config, with_current_profile and
    with_current_metadata take today's instead, and the run record says which. execute asks it to run at
    once with the original's do_stage and do_submit (dry_run: manifest and graph only); otherwise it
    waits in pending like any new execution.

    Args:
        id (str):
        body (ReproduceRequest):

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
    body: ReproduceRequest,
) -> Error | ExecuteResponse | None:
    """A new execution that runs again what this one ran: the same configuration version (its graph checked
    now by the sha256 it pins: 409 when the file no longer holds it), the same profile snapshot, the
    same sources on the metadata they had when this one translated (409 when that record is not there),
    and run_record.reproduces naming the original. with_current_config, with_current_profile and
    with_current_metadata take today's instead, and the run record says which. execute asks it to run at
    once with the original's do_stage and do_submit (dry_run: manifest and graph only); otherwise it
    waits in pending like any new execution.

    Args:
        id (str):
        body (ReproduceRequest):

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
