"""Reads a live service's answers through the generated client (surveyor_api): every read of a
project, its sources, a profile and a completed execution, each parsed into its typed model. An
answer the document does not describe (an undocumented status, a shape its model cannot read)
fails here as it would in a user's notebook. Prints one line per operation; exits 1 on any problem.

Environment: SURVEYOR_URL (the API's base, /api/v2), SURVEYOR_PASSWORD (the admin's).
"""

import os
import sys

from surveyor_api import AuthenticatedClient, Client
from surveyor_api.api.auth import list_api_tokens, login, me
from surveyor_api.api.executions import (
    compare_executions,
    execution_artifact,
    execution_drop_states,
    execution_events,
    execution_ledger_snapshot,
    execution_provenance,
    execution_status,
    execution_summary,
    get_execution,
    list_executions,
)
from surveyor_api.api.profiles import get_profile, list_profiles, profile_events
from surveyor_api.api.projects import (
    get_project_config,
    get_project_config_version,
    list_project_config_versions,
    list_projects,
    project_automation,
    project_events,
    project_usage,
)
from surveyor_api.api.sources import get_source, list_sources, source_events, source_status
from surveyor_api.api.system import health, overview
from surveyor_api.models import Error, LoginRequest

url = os.environ["SURVEYOR_URL"]
anon = Client(base_url=url)
tokens = login.sync(client=anon, body=LoginRequest(username="admin", password=os.environ["SURVEYOR_PASSWORD"]))
assert tokens is not None and not isinstance(tokens, Error), tokens
c = AuthenticatedClient(base_url=url, token=tokens.access_token)

module = "wallaby_hires"
runs = list_executions.sync(client=c, project_module=module, state="completed").items
run = runs[0].uuid
source = list_sources.sync(client=c, project_module=module).items[0].uuid
profile = list_profiles.sync(client=c, project_module=module).items[0].id
version = int(get_project_config.sync(module, client=c).version)

calls = {
    "health": lambda: health.sync_detailed(client=anon),
    "me": lambda: me.sync_detailed(client=c),
    "listApiTokens": lambda: list_api_tokens.sync_detailed(client=c),
    "overview": lambda: overview.sync_detailed(client=c),
    "listProjects": lambda: list_projects.sync_detailed(client=c),
    "getProjectConfig": lambda: get_project_config.sync_detailed(module, client=c),
    "getProjectConfigVersion": lambda: get_project_config_version.sync_detailed(module, version, client=c),
    "listProjectConfigVersions": lambda: list_project_config_versions.sync_detailed(module, client=c),
    "projectEvents": lambda: project_events.sync_detailed(module, client=c),
    "projectAutomation": lambda: project_automation.sync_detailed(module, client=c),
    "projectUsage": lambda: project_usage.sync_detailed(module, client=c),
    "projectUsageByGraph": lambda: project_usage.sync_detailed(module, client=c, by="graph"),
    "listSources": lambda: list_sources.sync_detailed(client=c, project_module=module),
    "getSource": lambda: get_source.sync_detailed(source, client=c),
    "sourceStatus": lambda: source_status.sync_detailed(source, client=c),
    "sourceEvents": lambda: source_events.sync_detailed(source, client=c),
    "listProfiles": lambda: list_profiles.sync_detailed(client=c),
    "getProfile": lambda: get_profile.sync_detailed(profile, client=c),
    "profileEvents": lambda: profile_events.sync_detailed(profile, client=c),
    "listExecutions": lambda: list_executions.sync_detailed(client=c),
    "getExecution": lambda: get_execution.sync_detailed(run, client=c),
    "executionStatus": lambda: execution_status.sync_detailed(run, client=c),
    "executionDropStates": lambda: execution_drop_states.sync_detailed(run, client=c),
    "executionEvents": lambda: execution_events.sync_detailed(run, client=c),
    "executionSummary": lambda: execution_summary.sync_detailed(run, client=c),
    "executionLedgerSnapshot": lambda: execution_ledger_snapshot.sync_detailed(run, client=c),
    "executionArtifact manifest.json": lambda: execution_artifact.sync_detailed(
        run, client=c, attempt=1, name="manifest.json"
    ),
    "executionArtifact translated.json": lambda: execution_artifact.sync_detailed(
        run, client=c, attempt=1, name="translated.json"
    ),
    "executionProvenance": lambda: execution_provenance.sync_detailed(run, client=c),
    "compareExecutions": lambda: compare_executions.sync_detailed(run, runs[-1].uuid, client=c),
}

problems = 0
for name, call in calls.items():
    try:
        r = call()
        if r.status_code // 100 != 2 or r.parsed is None or isinstance(r.parsed, Error):
            problems += 1
            print(f"{name}: HTTP {r.status_code}, parsed as {type(r.parsed).__name__}: {r.content[:200]!r}")
        else:
            print(f"{name}: {type(r.parsed).__name__}")
    except Exception as e:  # the model could not read the answer
        problems += 1
        print(f"{name}: {type(e).__name__}: {e}")
sys.exit(1 if problems else 0)
