import * as t from 'io-ts';
import { keyMaterialError } from '../../core/domain/profile.js';
import { Uuid } from '../codecs.js';
import { Deleted, ProjectModule, pageQuery } from '../api/common.js';
import {
  ProfileInput,
  ProfileList,
  ProfilePauseRequest,
  ProfilePingView,
  ProfileView,
} from '../api/profiles.js';
import { EventPageView, EventPageQuery } from '../api/projects.js';
import type { RouteSpec } from '../routeSpec.js';

const idParam = { id: Uuid };
export const ProfileListQuery = t.partial({ project_module: ProjectModule, ...pageQuery(1000) });

export const profileRoutes: readonly RouteSpec[] = [
  {
    id: 'createProfile',
    method: 'POST',
    path: '/deployment-profiles',
    summary: 'Create a deployment profile (defaults filled in; key material refused)',
    tag: 'profiles',
    auth: 'operator',
    body: { codec: ProfileInput, contentType: 'application/json' },
    precheck: keyMaterialError,
    success: { status: 201, description: 'The stored profile', codec: ProfileView },
    project: { in: 'body', field: 'project_module' },
    errors: ['conflict', 'forbidden'],
  },
  {
    id: 'listProfiles',
    method: 'GET',
    path: '/deployment-profiles',
    summary:
      "List profiles, paged (limit, default 100, at most 1000; cursor): with project_module, that module's and the global ones; without, all",
    tag: 'profiles',
    auth: 'viewer',
    project: { in: 'query', field: 'project_module' },
    query: ProfileListQuery,
    success: { status: 200, description: 'Profiles', codec: ProfileList },
    errors: ['validation_failed'],
  },
  {
    id: 'getProfile',
    method: 'GET',
    path: '/deployment-profiles/{id}',
    summary: 'Read a deployment profile',
    tag: 'profiles',
    auth: 'viewer',
    project: { of: 'profile' },
    params: idParam,
    success: { status: 200, description: 'The profile', codec: ProfileView },
    errors: [],
  },
  {
    id: 'replaceProfile',
    method: 'PUT',
    path: '/deployment-profiles/{id}',
    summary:
      "Replace a deployment profile; running and existing executions keep their snapshot. Its code fields (modules, venv, exec_prefix, batch_template) and global profiles are an admin's to change",
    tag: 'profiles',
    auth: 'operator',
    params: idParam,
    body: { codec: ProfileInput, contentType: 'application/json' },
    precheck: keyMaterialError,
    success: { status: 200, description: 'The stored profile (version increased)', codec: ProfileView },
    project: { of: 'profile' },
    errors: ['conflict', 'forbidden'],
  },
  {
    id: 'deleteProfile',
    method: 'DELETE',
    path: '/deployment-profiles/{id}',
    summary: 'Delete a deployment profile (a global one: admins only); executions keep their snapshot',
    tag: 'profiles',
    auth: 'operator',
    params: idParam,
    success: { status: 200, description: 'Deleted', codec: Deleted },
    project: { of: 'profile' },
    errors: ['conflict', 'forbidden'],
  },
  {
    id: 'pauseProfile',
    method: 'POST',
    path: '/deployment-profiles/{id}/pause',
    summary:
      'Pause a profile (its backend down for maintenance, say), now or from a time ahead (`from`), until it is resumed or until a time (`until`, when it ends by itself): while the pause holds, admission holds every execution that would submit with it, pending, with the reason in its status; a run admitted before waits before its translation or submit (event execution.held); runs on the backend go on, and a dry run is not held. 422 when `until` is not after now and `from`, or either is over 366 days ahead; 409 when it has a pause not yet over (the first pause and its reason stay), unless `replace` is true: then the new pause takes its place in one step (nothing is admitted in between; 409 when that pause changed meanwhile). Event profile.paused (with `replaced`, the pause it replaced)',
    tag: 'profiles',
    auth: 'operator',
    params: idParam,
    body: { codec: ProfilePauseRequest, contentType: 'application/json' },
    success: { status: 200, description: 'The profile, paused', codec: ProfileView },
    project: { of: 'profile' },
    errors: ['conflict'],
  },
  {
    id: 'resumeProfile',
    method: 'POST',
    path: '/deployment-profiles/{id}/resume',
    summary:
      "End a profile's pause, or call off one still ahead: the executions it held are admitted by the next execution tick, under the usual caps. 409 when it has no pause, or its pause is over (it ended at its `until`). Event profile.resumed (with the pause it ended)",
    tag: 'profiles',
    auth: 'operator',
    params: idParam,
    success: { status: 200, description: 'The profile, no longer paused', codec: ProfileView },
    project: { of: 'profile' },
    errors: ['conflict'],
  },
  {
    id: 'pingProfile',
    method: 'POST',
    path: '/deployment-profiles/{id}/ping',
    summary:
      "Check from the service that the profile's translator and backend answer, as runs would use them (an island manager's node managers; a login node's SSH login, Slurm and directories). Reads only; each check gives up after 15 s; mock parts answer as mocks",
    tag: 'profiles',
    auth: 'operator',
    params: idParam,
    success: {
      status: 200,
      description: 'Each check with ok and its detail; ok is false when any failed',
      codec: ProfilePingView,
    },
    project: { of: 'profile' },
    errors: [],
  },
  {
    id: 'profileEvents',
    method: 'GET',
    path: '/deployment-profiles/{id}/events',
    summary:
      "A profile's provenance events (created, replaced with the fields that changed, deleted), oldest first (order=newest: newest first), paged",
    tag: 'profiles',
    auth: 'viewer',
    project: { of: 'profile' },
    params: idParam,
    query: EventPageQuery,
    success: { status: 200, description: 'A page of events', codec: EventPageView },
    errors: [],
  },
];
