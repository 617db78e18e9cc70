"""A login to a surveyor service and what a notebook does with it.

Every call goes through the generated client (``surveyor_api``), so its requests and answers are
the API document's; this layer adds the login (a password, an API token, or the identity
provider's device grant), a refresh when the access token ends, tables, waiting with a progress
bar, and errors that say what the service said.
"""

from __future__ import annotations

import getpass
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import httpx
from astropy.table import Table
from tqdm.auto import tqdm

from surveyor_api import AuthenticatedClient, Client
from surveyor_api.api.auth import login as login_op
from surveyor_api.api.auth import me as me_op
from surveyor_api.api.auth import oidc_device_poll, oidc_device_start, refresh as refresh_op
from surveyor_api.api.executions import (
    create_execution,
    execute_execution,
    execution_artifact,
    execution_provenance,
    get_execution,
)
from surveyor_api.api.profiles import create_profile
from surveyor_api.api.sources import create_sources_bulk, discover_sources, list_sources
from surveyor_api.models import (
    DeploymentProfileInput,
    DevicePollRequest,
    DiscoverRequest,
    Error,
    ExecuteRequest,
    ExecutionCreate,
    LoginRequest,
    RefreshRequest,
    SourceBulkCreate,
)
from surveyor_api.types import UNSET, Response

API_PREFIX = "/api/v2"
#: States an execution does not leave.
ENDED = ("completed", "failed", "cancelled")
#: The way a run goes, for the progress bar.
STEPS = ("pending", "queued", "staging", "translating", "submitting", "running", "completed")


class SurveyorError(Exception):
    """The service refused (or did not answer as its document says): its status, code and words."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{message} ({code}, HTTP {status})")
        self.status = status
        self.code = code
        self.message = message

    @classmethod
    def of(cls, r: Response[Any]) -> SurveyorError:
        if isinstance(r.parsed, Error):
            return cls(r.status_code, r.parsed.error.code, r.parsed.error.message)
        return cls(r.status_code, "unexpected", r.content.decode("utf-8", "replace")[:500])


def _base(url: str) -> str:
    url = url.rstrip("/")
    return url if url.endswith(API_PREFIX) else url + API_PREFIX


class Surveyor:
    """A login to one surveyor service. Make one with :meth:`login`, :meth:`sign_in` or a token."""

    def __init__(self, url: str, token: str, refresh_token: str | None = None, timeout: float = 60.0) -> None:
        self.url = _base(url)
        self._timeout = httpx.Timeout(timeout)
        self._refresh_token = refresh_token
        self._use(token)

    def _use(self, token: str) -> None:
        self._client = AuthenticatedClient(base_url=self.url, token=token, timeout=self._timeout)

    @property
    def api(self) -> AuthenticatedClient:
        """The generated client with this login, for the generated functions (`surveyor_api.api`)."""
        return self._client

    # Signing in ---------------------------------------------------------------------------

    @classmethod
    def login(cls, url: str, username: str, password: str | None = None, timeout: float = 60.0) -> Surveyor:
        """With a username and password (asked for without echo when not given)."""
        if password is None:
            password = getpass.getpass(f"password for {username}: ")
        anon = Client(base_url=_base(url), timeout=httpx.Timeout(timeout))
        r = login_op.sync_detailed(client=anon, body=LoginRequest(username=username, password=password))
        if r.status_code != 200 or isinstance(r.parsed, Error) or r.parsed is None:
            raise SurveyorError.of(r)
        return cls(url, r.parsed.access_token, r.parsed.refresh_token, timeout)

    @classmethod
    def sign_in(
        cls,
        url: str,
        show: Callable[[str], None] = print,
        timeout: float = 60.0,
    ) -> Surveyor:
        """Through the service's identity provider: open the address shown, in any browser."""
        anon = Client(base_url=_base(url), timeout=httpx.Timeout(timeout))
        r = oidc_device_start.sync_detailed(client=anon)
        if r.status_code != 200 or isinstance(r.parsed, Error) or r.parsed is None:
            raise SurveyorError.of(r)
        start = r.parsed
        where = start.verification_uri_complete or start.verification_uri
        show(f"To sign in, open {where} and enter the code {start.user_code}")
        until = time.monotonic() + start.expires_in
        interval = max(1, int(start.interval))
        while time.monotonic() < until:
            time.sleep(interval)
            p = oidc_device_poll.sync_detailed(client=anon, body=DevicePollRequest(handle=start.handle))
            if p.status_code != 200 or isinstance(p.parsed, Error) or p.parsed is None:
                raise SurveyorError.of(p)
            answer = p.parsed.to_dict()
            if answer["status"] == "signed_in":
                return cls(url, answer["access_token"], answer["refresh_token"], timeout)
            interval = max(interval, int(answer["interval"]))
        raise SurveyorError(0, "expired", "the code expired before the sign-in; sign in again")

    def _refresh(self) -> bool:
        if self._refresh_token is None:
            return False
        anon = Client(base_url=self.url, timeout=self._timeout)
        r = refresh_op.sync_detailed(client=anon, body=RefreshRequest(refresh_token=self._refresh_token))
        if r.status_code != 200 or isinstance(r.parsed, Error) or r.parsed is None:
            return False
        self._refresh_token = r.parsed.refresh_token
        self._use(r.parsed.access_token)
        return True

    def _call(self, op: Any, *args: Any, **kwargs: Any) -> Any:
        """One generated operation; refreshed once when the access token has ended."""
        r = op.sync_detailed(*args, client=self._client, **kwargs)
        if r.status_code == 401 and self._refresh():
            r = op.sync_detailed(*args, client=self._client, **kwargs)
        if r.status_code >= 400 or isinstance(r.parsed, Error) or r.parsed is None:
            raise SurveyorError.of(r)
        return r.parsed

    def _raw(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """A request the generated package has no function for (a YAML body)."""
        r = self._client.get_httpx_client().request(method, path, **kwargs)
        if r.status_code == 401 and self._refresh():
            r = self._client.get_httpx_client().request(method, path, **kwargs)
        if r.status_code >= 400:
            try:
                e = r.json()["error"]
                raise SurveyorError(r.status_code, e["code"], e["message"])
            except (ValueError, KeyError, TypeError):
                raise SurveyorError(r.status_code, "unexpected", r.text[:500]) from None
        return r

    def whoami(self) -> dict[str, Any]:
        """Who this login acts as: username, role, roles per project."""
        return self._call(me_op).to_dict()

    # A survey -----------------------------------------------------------------------------

    def upload_project(self, config: str | Path) -> dict[str, Any]:
        """A project configuration (YAML text, or a file's path): its version and whether it changed."""
        text = Path(config).read_text() if isinstance(config, Path) or "\n" not in config else config
        r = self._raw("POST", "/project-configs", content=text.encode(), headers={"Content-Type": "application/x-yaml"})
        body = r.json()
        return {k: body[k] for k in ("project_module", "version", "changed", "active")}

    def add_profile(self, profile: dict[str, Any]) -> dict[str, Any]:
        """A deployment profile, as `surveyor profile add` takes it."""
        return self._call(create_profile, body=DeploymentProfileInput.from_dict(profile)).to_dict()

    def add_sources(self, project: str, identifiers: Iterable[str]) -> dict[str, Any]:
        """Registers sources (those there already are said so, not changed)."""
        body = SourceBulkCreate.from_dict(
            {"project_module": project, "sources": [{"source_identifier": i} for i in identifiers]}
        )
        return self._call(create_sources_bulk, body=body).to_dict()

    def discover(self, project: str, identifiers: Iterable[str]) -> dict[str, Any]:
        """Asks the scheduler to discover these sources' data in the project's archive."""
        ask = {"project_module": project, "source_identifiers": list(identifiers)}
        return self._call(discover_sources, body=DiscoverRequest.from_dict(ask)).to_dict()

    def wait_discovered(
        self, project: str, identifiers: Iterable[str], timeout: float = 600.0, every: float = 1.0
    ) -> Table:
        """Waits until discovery has ended for these sources (done or failed): their rows."""
        wanted = set(identifiers)
        until = time.monotonic() + timeout
        while True:
            table = self.sources(project)
            rows = table[[i in wanted for i in table["source_identifier"]]] if len(table) else table
            if len(rows) == len(wanted) and all(s in ("done", "failed") for s in rows["discovery_state"]):
                return rows
            if time.monotonic() > until:
                raise SurveyorError(0, "timeout", f"discovery in {project} has not ended after {timeout:.0f} s")
            time.sleep(every)

    def sources(self, project: str, **filters: Any) -> Table:
        """A project's sources as a table, every page (filters: discovery_state, enabled, needs_processing)."""
        rows: list[dict[str, Any]] = []
        cursor: Any = UNSET
        while True:
            page = self._call(list_sources, project_module=project, limit=1000, cursor=cursor, **filters)
            rows.extend(item.to_dict() for item in page.items)
            if not page.next_cursor:
                break
            cursor = page.next_cursor
        columns = ("source_identifier", "discovery_state", "enabled", "needs_processing", "updated_at")
        return Table(rows=[[r.get(c) for c in columns] for r in rows], names=columns) if rows else Table(names=columns)

    def create_execution(
        self, project: str, identifiers: Iterable[str], archive: str = "casda", profile: str | None = None
    ) -> str:
        """An execution of these sources (pending until executed): its id."""
        ask: dict[str, Any] = {
            "project_module": project,
            "archive_name": archive,
            "sources": [{"source_identifier": i} for i in identifiers],
        }
        if profile is not None:
            ask["deployment_profile_name"] = profile
        return self._call(create_execution, body=ExecutionCreate.from_dict(ask)).uuid

    def execute(self, execution: str) -> None:
        """Asks for the execution to run."""
        self._call(execute_execution, execution, body=ExecuteRequest())

    def run(self, project: str, identifiers: Iterable[str], **kwargs: Any) -> str:
        """Creates an execution and asks for it to run: its id."""
        uuid = self.create_execution(project, identifiers, **kwargs)
        self.execute(uuid)
        return uuid

    def execution(self, execution: str) -> dict[str, Any]:
        return self._call(get_execution, execution).to_dict()

    def wait(self, execution: str, timeout: float = 3600.0, every: float = 2.0, progress: bool = True) -> dict[str, Any]:
        """Waits for the execution to end, with a progress bar of its steps: the execution as it ended."""
        bar = tqdm(total=len(STEPS) - 1, desc=execution[:8], disable=not progress, unit="step")
        until = time.monotonic() + timeout
        try:
            while True:
                e = self.execution(execution)
                state = e["state"]
                if state in STEPS:
                    bar.n = STEPS.index(state)
                bar.set_postfix_str(state)
                bar.refresh()
                if state in ENDED:
                    return e
                if time.monotonic() > until:
                    raise SurveyorError(0, "timeout", f"execution {execution} is still {state} after {timeout:.0f} s")
                time.sleep(every)
        finally:
            bar.close()

    def artifact(self, execution: str, name: str, attempt: int | None = None) -> Any:
        """An artifact of a run (manifest.json, translated.json, …) as its JSON (the latest attempt's)."""
        if attempt is None:
            attempt = int(self.execution(execution)["attempt"])
        found = self._call(execution_artifact, execution, attempt=attempt, name=name)
        return found if isinstance(found, list) else found.to_dict()

    def provenance(self, execution: str) -> dict[str, Any]:
        """The run's W3C PROV document (PROV-JSON)."""
        return self._call(execution_provenance, execution).to_dict()
