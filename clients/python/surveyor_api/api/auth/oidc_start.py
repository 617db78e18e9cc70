from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.redirect import Redirect
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    return_to: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["return_to"] = return_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/auth/oidc/start",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Redirect | None:
    if response.status_code == 302:
        response_302 = Redirect.from_dict(response.json())

        return response_302

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

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
) -> Response[Error | Redirect]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,
) -> Response[Error | Redirect]:
    """Start signing in through the identity provider in a browser: 302 to the provider's authorization
    endpoint (code flow with PKCE), with a cookie binding the sign-in to this browser. `return_to`: a
    console route (#/…) to come back to

    Args:
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Redirect]
    """

    kwargs = _get_kwargs(
        return_to=return_to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,
) -> Error | Redirect | None:
    """Start signing in through the identity provider in a browser: 302 to the provider's authorization
    endpoint (code flow with PKCE), with a cookie binding the sign-in to this browser. `return_to`: a
    console route (#/…) to come back to

    Args:
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Redirect
    """

    return sync_detailed(
        client=client,
        return_to=return_to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,
) -> Response[Error | Redirect]:
    """Start signing in through the identity provider in a browser: 302 to the provider's authorization
    endpoint (code flow with PKCE), with a cookie binding the sign-in to this browser. `return_to`: a
    console route (#/…) to come back to

    Args:
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Redirect]
    """

    kwargs = _get_kwargs(
        return_to=return_to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,
) -> Error | Redirect | None:
    """Start signing in through the identity provider in a browser: 302 to the provider's authorization
    endpoint (code flow with PKCE), with a cookie binding the sign-in to this browser. `return_to`: a
    console route (#/…) to come back to

    Args:
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Redirect
    """

    return (
        await asyncio_detailed(
            client=client,
            return_to=return_to,
        )
    ).parsed
