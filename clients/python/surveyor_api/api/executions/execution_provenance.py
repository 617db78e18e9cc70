from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.execution_provenance_format import (
    ExecutionProvenanceFormat,
)
from ...models.prov_document import ProvDocument
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    format_: ExecutionProvenanceFormat | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/executions/{id}/provenance".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ProvDocument | None:
    if response.status_code == 200:
        response_200 = ProvDocument.from_dict(response.json())

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
) -> Response[Error | ProvDocument]:
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
    format_: ExecutionProvenanceFormat | Unset = UNSET,
) -> Response[Error | ProvDocument]:
    """The execution's provenance as a W3C PROV document: the configuration version, the graph by digest,
    each source's metadata, the staged datasets (checksums, archive identifiers), every attempt's
    manifest, patched and translated graphs and reported outputs (entities); discovery, staging,
    translation, deployment, the DALiuGE session or Slurm job and output verification with their times
    (activities); the users, the service, the translator and the island manager or Slurm cluster and
    account (agents). Ids are URIs under SERVICE_PUBLIC_URL. PROV-JSON by default; format=provn answers
    PROV-N (text/provenance-notation).

    Args:
        id (str):
        format_ (ExecutionProvenanceFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ProvDocument]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: ExecutionProvenanceFormat | Unset = UNSET,
) -> Error | ProvDocument | None:
    """The execution's provenance as a W3C PROV document: the configuration version, the graph by digest,
    each source's metadata, the staged datasets (checksums, archive identifiers), every attempt's
    manifest, patched and translated graphs and reported outputs (entities); discovery, staging,
    translation, deployment, the DALiuGE session or Slurm job and output verification with their times
    (activities); the users, the service, the translator and the island manager or Slurm cluster and
    account (agents). Ids are URIs under SERVICE_PUBLIC_URL. PROV-JSON by default; format=provn answers
    PROV-N (text/provenance-notation).

    Args:
        id (str):
        format_ (ExecutionProvenanceFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ProvDocument
    """

    return sync_detailed(
        id=id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: ExecutionProvenanceFormat | Unset = UNSET,
) -> Response[Error | ProvDocument]:
    """The execution's provenance as a W3C PROV document: the configuration version, the graph by digest,
    each source's metadata, the staged datasets (checksums, archive identifiers), every attempt's
    manifest, patched and translated graphs and reported outputs (entities); discovery, staging,
    translation, deployment, the DALiuGE session or Slurm job and output verification with their times
    (activities); the users, the service, the translator and the island manager or Slurm cluster and
    account (agents). Ids are URIs under SERVICE_PUBLIC_URL. PROV-JSON by default; format=provn answers
    PROV-N (text/provenance-notation).

    Args:
        id (str):
        format_ (ExecutionProvenanceFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ProvDocument]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: ExecutionProvenanceFormat | Unset = UNSET,
) -> Error | ProvDocument | None:
    """The execution's provenance as a W3C PROV document: the configuration version, the graph by digest,
    each source's metadata, the staged datasets (checksums, archive identifiers), every attempt's
    manifest, patched and translated graphs and reported outputs (entities); discovery, staging,
    translation, deployment, the DALiuGE session or Slurm job and output verification with their times
    (activities); the users, the service, the translator and the island manager or Slurm cluster and
    account (agents). Ids are URIs under SERVICE_PUBLIC_URL. PROV-JSON by default; format=provn answers
    PROV-N (text/provenance-notation).

    Args:
        id (str):
        format_ (ExecutionProvenanceFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ProvDocument
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            format_=format_,
        )
    ).parsed
