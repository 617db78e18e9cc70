from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device_poll_answer_type_0 import DevicePollAnswerType0
from ...models.device_poll_answer_type_1 import DevicePollAnswerType1
from ...models.device_poll_request import DevicePollRequest
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: DevicePollRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/auth/oidc/device/token",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DevicePollAnswerType0 | DevicePollAnswerType1 | Error | None:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> DevicePollAnswerType0 | DevicePollAnswerType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_device_poll_answer_type_0 = (
                    DevicePollAnswerType0.from_dict(data)
                )

                return componentsschemas_device_poll_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_device_poll_answer_type_1 = (
                DevicePollAnswerType1.from_dict(data)
            )

            return componentsschemas_device_poll_answer_type_1

        response_200 = _parse_response_200(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DevicePollAnswerType0 | DevicePollAnswerType1 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DevicePollRequest,
) -> Response[DevicePollAnswerType0 | DevicePollAnswerType1 | Error]:
    """Poll a device sign-in (no sooner than its interval): still pending, or the login (an access and a
    refresh token, given once)

    Args:
        body (DevicePollRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DevicePollAnswerType0 | DevicePollAnswerType1 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: DevicePollRequest,
) -> DevicePollAnswerType0 | DevicePollAnswerType1 | Error | None:
    """Poll a device sign-in (no sooner than its interval): still pending, or the login (an access and a
    refresh token, given once)

    Args:
        body (DevicePollRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DevicePollAnswerType0 | DevicePollAnswerType1 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DevicePollRequest,
) -> Response[DevicePollAnswerType0 | DevicePollAnswerType1 | Error]:
    """Poll a device sign-in (no sooner than its interval): still pending, or the login (an access and a
    refresh token, given once)

    Args:
        body (DevicePollRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DevicePollAnswerType0 | DevicePollAnswerType1 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DevicePollRequest,
) -> DevicePollAnswerType0 | DevicePollAnswerType1 | Error | None:
    """Poll a device sign-in (no sooner than its interval): still pending, or the login (an access and a
    refresh token, given once)

    Args:
        body (DevicePollRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DevicePollAnswerType0 | DevicePollAnswerType1 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
