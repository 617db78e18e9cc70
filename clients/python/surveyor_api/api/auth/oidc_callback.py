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
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    scope: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["code"] = code

    params["state"] = state

    params["iss"] = iss

    params["error"] = error

    params["error_description"] = error_description

    params["session_state"] = session_state

    params["scope"] = scope

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/auth/oidc/callback",
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

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

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
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    scope: str | Unset = UNSET,
) -> Response[Error | Redirect]:
    """The provider's redirect back: the state is spent once, the code redeemed with the PKCE verifier and
    the ID token checked (issuer, audience, algorithm, signature, nonce, expiry). 302 to the console,
    signed in (its refresh cookie set) or with `signin_error` naming why not

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):
        scope (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Redirect]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        iss=iss,
        error=error,
        error_description=error_description,
        session_state=session_state,
        scope=scope,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    scope: str | Unset = UNSET,
) -> Error | Redirect | None:
    """The provider's redirect back: the state is spent once, the code redeemed with the PKCE verifier and
    the ID token checked (issuer, audience, algorithm, signature, nonce, expiry). 302 to the console,
    signed in (its refresh cookie set) or with `signin_error` naming why not

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):
        scope (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Redirect
    """

    return sync_detailed(
        client=client,
        code=code,
        state=state,
        iss=iss,
        error=error,
        error_description=error_description,
        session_state=session_state,
        scope=scope,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    scope: str | Unset = UNSET,
) -> Response[Error | Redirect]:
    """The provider's redirect back: the state is spent once, the code redeemed with the PKCE verifier and
    the ID token checked (issuer, audience, algorithm, signature, nonce, expiry). 302 to the console,
    signed in (its refresh cookie set) or with `signin_error` naming why not

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):
        scope (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Redirect]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        iss=iss,
        error=error,
        error_description=error_description,
        session_state=session_state,
        scope=scope,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    scope: str | Unset = UNSET,
) -> Error | Redirect | None:
    """The provider's redirect back: the state is spent once, the code redeemed with the PKCE verifier and
    the ID token checked (issuer, audience, algorithm, signature, nonce, expiry). 302 to the console,
    signed in (its refresh cookie set) or with `signin_error` naming why not

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):
        scope (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Redirect
    """

    return (
        await asyncio_detailed(
            client=client,
            code=code,
            state=state,
            iss=iss,
            error=error,
            error_description=error_description,
            session_state=session_state,
            scope=scope,
        )
    ).parsed
