from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.deployment_profile import DeploymentProfile
from ...models.deployment_profile_pause_request import DeploymentProfilePauseRequest
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: DeploymentProfilePauseRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/deployment-profiles/{id}/pause".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeploymentProfile | Error | None:
    if response.status_code == 200:
        response_200 = DeploymentProfile.from_dict(response.json())

        return response_200

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
) -> Response[DeploymentProfile | Error]:
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
    body: DeploymentProfilePauseRequest,
) -> Response[DeploymentProfile | Error]:
    """Pause a profile (its backend down for maintenance, say), now or from a time ahead (`from`), until it
    is resumed or until a time (`until`, when it ends by itself): while the pause holds, admission holds
    every execution that would submit with it, pending, with the reason in its status; a run admitted
    before waits before its translation or submit (event execution.held); runs on the backend go on, and
    a dry run is not held. 422 when `until` is not after now and `from`, or either is over 366 days
    ahead; 409 when it has a pause not yet over (the first pause and its reason stay), unless `replace`
    is true: then the new pause takes its place in one step (nothing is admitted in between; 409 when
    that pause changed meanwhile). Event profile.paused (with `replaced`, the pause it replaced)

    Args:
        id (str):
        body (DeploymentProfilePauseRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentProfile | Error]
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
    body: DeploymentProfilePauseRequest,
) -> DeploymentProfile | Error | None:
    """Pause a profile (its backend down for maintenance, say), now or from a time ahead (`from`), until it
    is resumed or until a time (`until`, when it ends by itself): while the pause holds, admission holds
    every execution that would submit with it, pending, with the reason in its status; a run admitted
    before waits before its translation or submit (event execution.held); runs on the backend go on, and
    a dry run is not held. 422 when `until` is not after now and `from`, or either is over 366 days
    ahead; 409 when it has a pause not yet over (the first pause and its reason stay), unless `replace`
    is true: then the new pause takes its place in one step (nothing is admitted in between; 409 when
    that pause changed meanwhile). Event profile.paused (with `replaced`, the pause it replaced)

    Args:
        id (str):
        body (DeploymentProfilePauseRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentProfile | Error
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
    body: DeploymentProfilePauseRequest,
) -> Response[DeploymentProfile | Error]:
    """Pause a profile (its backend down for maintenance, say), now or from a time ahead (`from`), until it
    is resumed or until a time (`until`, when it ends by itself): while the pause holds, admission holds
    every execution that would submit with it, pending, with the reason in its status; a run admitted
    before waits before its translation or submit (event execution.held); runs on the backend go on, and
    a dry run is not held. 422 when `until` is not after now and `from`, or either is over 366 days
    ahead; 409 when it has a pause not yet over (the first pause and its reason stay), unless `replace`
    is true: then the new pause takes its place in one step (nothing is admitted in between; 409 when
    that pause changed meanwhile). Event profile.paused (with `replaced`, the pause it replaced)

    Args:
        id (str):
        body (DeploymentProfilePauseRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeploymentProfile | Error]
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
    body: DeploymentProfilePauseRequest,
) -> DeploymentProfile | Error | None:
    """Pause a profile (its backend down for maintenance, say), now or from a time ahead (`from`), until it
    is resumed or until a time (`until`, when it ends by itself): while the pause holds, admission holds
    every execution that would submit with it, pending, with the reason in its status; a run admitted
    before waits before its translation or submit (event execution.held); runs on the backend go on, and
    a dry run is not held. 422 when `until` is not after now and `from`, or either is over 366 days
    ahead; 409 when it has a pause not yet over (the first pause and its reason stay), unless `replace`
    is true: then the new pause takes its place in one step (nothing is admitted in between; 409 when
    that pause changed meanwhile). Event profile.paused (with `replaced`, the pause it replaced)

    Args:
        id (str):
        body (DeploymentProfilePauseRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeploymentProfile | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
