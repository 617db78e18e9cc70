from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.project_usage import ProjectUsage
from ...models.project_usage_by import ProjectUsageBy
from ...types import UNSET, Response, Unset


def _get_kwargs(
    module: str,
    *,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    by: ProjectUsageBy | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to

    json_by: str | Unset = UNSET
    if not isinstance(by, Unset):
        json_by = by

    params["by"] = json_by

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/projects/{module}/usage".format(
            module=quote(str(module), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ProjectUsage | None:
    if response.status_code == 200:
        response_200 = ProjectUsage.from_dict(response.json())

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
) -> Response[Error | ProjectUsage]:
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
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    by: ProjectUsageBy | Unset = UNSET,
) -> Response[Error | ProjectUsage]:
    """What the project's runs used on their backends in [from, to) (default: the last 12 UTC calendar
    months up to now), grouped by month, day, profile, graph (its file's name), final state or source
    (by, default month): runs, node-hours, CPU-hours, badput (node-hours of runs that did not complete)
    and queue hours, with the median and 95th percentile of run time, of the cluster's queue wait and of
    our own time before submission (staging, translation, submission). A run that spans a range or month
    boundary counts on each side by the share of its run time there (UTC). With the project's budget
    now, when it has one, and for each batch profile the project may use what job_duration_minutes: auto
    gives a run of one source now and on what basis (walltimes).

    Args:
        module (str):
        from_ (str | Unset):
        to (str | Unset):
        by (ProjectUsageBy | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ProjectUsage]
    """

    kwargs = _get_kwargs(
        module=module,
        from_=from_,
        to=to,
        by=by,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    module: str,
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    by: ProjectUsageBy | Unset = UNSET,
) -> Error | ProjectUsage | None:
    """What the project's runs used on their backends in [from, to) (default: the last 12 UTC calendar
    months up to now), grouped by month, day, profile, graph (its file's name), final state or source
    (by, default month): runs, node-hours, CPU-hours, badput (node-hours of runs that did not complete)
    and queue hours, with the median and 95th percentile of run time, of the cluster's queue wait and of
    our own time before submission (staging, translation, submission). A run that spans a range or month
    boundary counts on each side by the share of its run time there (UTC). With the project's budget
    now, when it has one, and for each batch profile the project may use what job_duration_minutes: auto
    gives a run of one source now and on what basis (walltimes).

    Args:
        module (str):
        from_ (str | Unset):
        to (str | Unset):
        by (ProjectUsageBy | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ProjectUsage
    """

    return sync_detailed(
        module=module,
        client=client,
        from_=from_,
        to=to,
        by=by,
    ).parsed


async def asyncio_detailed(
    module: str,
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    by: ProjectUsageBy | Unset = UNSET,
) -> Response[Error | ProjectUsage]:
    """What the project's runs used on their backends in [from, to) (default: the last 12 UTC calendar
    months up to now), grouped by month, day, profile, graph (its file's name), final state or source
    (by, default month): runs, node-hours, CPU-hours, badput (node-hours of runs that did not complete)
    and queue hours, with the median and 95th percentile of run time, of the cluster's queue wait and of
    our own time before submission (staging, translation, submission). A run that spans a range or month
    boundary counts on each side by the share of its run time there (UTC). With the project's budget
    now, when it has one, and for each batch profile the project may use what job_duration_minutes: auto
    gives a run of one source now and on what basis (walltimes).

    Args:
        module (str):
        from_ (str | Unset):
        to (str | Unset):
        by (ProjectUsageBy | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ProjectUsage]
    """

    kwargs = _get_kwargs(
        module=module,
        from_=from_,
        to=to,
        by=by,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    module: str,
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    by: ProjectUsageBy | Unset = UNSET,
) -> Error | ProjectUsage | None:
    """What the project's runs used on their backends in [from, to) (default: the last 12 UTC calendar
    months up to now), grouped by month, day, profile, graph (its file's name), final state or source
    (by, default month): runs, node-hours, CPU-hours, badput (node-hours of runs that did not complete)
    and queue hours, with the median and 95th percentile of run time, of the cluster's queue wait and of
    our own time before submission (staging, translation, submission). A run that spans a range or month
    boundary counts on each side by the share of its run time there (UTC). With the project's budget
    now, when it has one, and for each batch profile the project may use what job_duration_minutes: auto
    gives a run of one source now and on what basis (walltimes).

    Args:
        module (str):
        from_ (str | Unset):
        to (str | Unset):
        by (ProjectUsageBy | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ProjectUsage
    """

    return (
        await asyncio_detailed(
            module=module,
            client=client,
            from_=from_,
            to=to,
            by=by,
        )
    ).parsed
