from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.alert_rule import AlertRule
from ...models.alert_rule_input_type_0 import AlertRuleInputType0
from ...models.alert_rule_input_type_1 import AlertRuleInputType1
from ...models.alert_rule_input_type_2 import AlertRuleInputType2
from ...models.alert_rule_input_type_3 import AlertRuleInputType3
from ...models.alert_rule_input_type_4 import AlertRuleInputType4
from ...models.alert_rule_input_type_5 import AlertRuleInputType5
from ...models.alert_rule_input_type_6 import AlertRuleInputType6
from ...models.alert_rule_input_type_7 import AlertRuleInputType7
from ...models.alert_rule_input_type_8 import AlertRuleInputType8
from ...models.alert_rule_input_type_9 import AlertRuleInputType9
from ...models.alert_rule_input_type_10 import AlertRuleInputType10
from ...models.alert_rule_input_type_11 import AlertRuleInputType11
from ...models.alert_rule_input_type_12 import AlertRuleInputType12
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: AlertRuleInputType0
    | AlertRuleInputType1
    | AlertRuleInputType10
    | AlertRuleInputType11
    | AlertRuleInputType12
    | AlertRuleInputType2
    | AlertRuleInputType3
    | AlertRuleInputType4
    | AlertRuleInputType5
    | AlertRuleInputType6
    | AlertRuleInputType7
    | AlertRuleInputType8
    | AlertRuleInputType9,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/alert-rules",
    }

    if (
        isinstance(body, AlertRuleInputType0)
        or isinstance(body, AlertRuleInputType1)
        or isinstance(body, AlertRuleInputType2)
        or isinstance(body, AlertRuleInputType3)
        or isinstance(body, AlertRuleInputType4)
        or isinstance(body, AlertRuleInputType5)
        or isinstance(body, AlertRuleInputType6)
        or isinstance(body, AlertRuleInputType7)
        or isinstance(body, AlertRuleInputType8)
        or isinstance(body, AlertRuleInputType9)
        or isinstance(body, AlertRuleInputType10)
        or isinstance(body, AlertRuleInputType11)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AlertRule | Error | None:
    if response.status_code == 201:
        response_201 = AlertRule.from_dict(response.json())

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
) -> Response[AlertRule | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AlertRuleInputType0
    | AlertRuleInputType1
    | AlertRuleInputType10
    | AlertRuleInputType11
    | AlertRuleInputType12
    | AlertRuleInputType2
    | AlertRuleInputType3
    | AlertRuleInputType4
    | AlertRuleInputType5
    | AlertRuleInputType6
    | AlertRuleInputType7
    | AlertRuleInputType8
    | AlertRuleInputType9,
) -> Response[AlertRule | Error]:
    """Create an alert rule: its kind and conditions, project (null: every project), channels and cooldown
    (alerts of the same rule, channel and subject inside it are folded into one delivery)

    Args:
        body (AlertRuleInputType0 | AlertRuleInputType1 | AlertRuleInputType10 |
            AlertRuleInputType11 | AlertRuleInputType12 | AlertRuleInputType2 | AlertRuleInputType3 |
            AlertRuleInputType4 | AlertRuleInputType5 | AlertRuleInputType6 | AlertRuleInputType7 |
            AlertRuleInputType8 | AlertRuleInputType9):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertRule | Error]
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
    client: AuthenticatedClient,
    body: AlertRuleInputType0
    | AlertRuleInputType1
    | AlertRuleInputType10
    | AlertRuleInputType11
    | AlertRuleInputType12
    | AlertRuleInputType2
    | AlertRuleInputType3
    | AlertRuleInputType4
    | AlertRuleInputType5
    | AlertRuleInputType6
    | AlertRuleInputType7
    | AlertRuleInputType8
    | AlertRuleInputType9,
) -> AlertRule | Error | None:
    """Create an alert rule: its kind and conditions, project (null: every project), channels and cooldown
    (alerts of the same rule, channel and subject inside it are folded into one delivery)

    Args:
        body (AlertRuleInputType0 | AlertRuleInputType1 | AlertRuleInputType10 |
            AlertRuleInputType11 | AlertRuleInputType12 | AlertRuleInputType2 | AlertRuleInputType3 |
            AlertRuleInputType4 | AlertRuleInputType5 | AlertRuleInputType6 | AlertRuleInputType7 |
            AlertRuleInputType8 | AlertRuleInputType9):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertRule | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AlertRuleInputType0
    | AlertRuleInputType1
    | AlertRuleInputType10
    | AlertRuleInputType11
    | AlertRuleInputType12
    | AlertRuleInputType2
    | AlertRuleInputType3
    | AlertRuleInputType4
    | AlertRuleInputType5
    | AlertRuleInputType6
    | AlertRuleInputType7
    | AlertRuleInputType8
    | AlertRuleInputType9,
) -> Response[AlertRule | Error]:
    """Create an alert rule: its kind and conditions, project (null: every project), channels and cooldown
    (alerts of the same rule, channel and subject inside it are folded into one delivery)

    Args:
        body (AlertRuleInputType0 | AlertRuleInputType1 | AlertRuleInputType10 |
            AlertRuleInputType11 | AlertRuleInputType12 | AlertRuleInputType2 | AlertRuleInputType3 |
            AlertRuleInputType4 | AlertRuleInputType5 | AlertRuleInputType6 | AlertRuleInputType7 |
            AlertRuleInputType8 | AlertRuleInputType9):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlertRule | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AlertRuleInputType0
    | AlertRuleInputType1
    | AlertRuleInputType10
    | AlertRuleInputType11
    | AlertRuleInputType12
    | AlertRuleInputType2
    | AlertRuleInputType3
    | AlertRuleInputType4
    | AlertRuleInputType5
    | AlertRuleInputType6
    | AlertRuleInputType7
    | AlertRuleInputType8
    | AlertRuleInputType9,
) -> AlertRule | Error | None:
    """Create an alert rule: its kind and conditions, project (null: every project), channels and cooldown
    (alerts of the same rule, channel and subject inside it are folded into one delivery)

    Args:
        body (AlertRuleInputType0 | AlertRuleInputType1 | AlertRuleInputType10 |
            AlertRuleInputType11 | AlertRuleInputType12 | AlertRuleInputType2 | AlertRuleInputType3 |
            AlertRuleInputType4 | AlertRuleInputType5 | AlertRuleInputType6 | AlertRuleInputType7 |
            AlertRuleInputType8 | AlertRuleInputType9):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlertRule | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
