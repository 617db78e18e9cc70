import type { RouteSpec } from './routeSpec.js';
import {
  AccountEventsQuery,
  LoginRequest,
  LogoutResponse,
  Me,
  PasswordChanged,
  PasswordChangeRequest,
  RefreshRequest,
  TokenResponse,
  UserList,
} from './api/auth.js';
import { EventPageView } from './api/projects.js';
import { Health, Readiness } from './api/system.js';
import { alertRoutes } from './routes/alerts.js';
import { apiTokenRoutes } from './routes/apiTokens.js';
import { consoleRoutes } from './routes/console.js';
import { identityRoutes } from './routes/identity.js';
import { profileRoutes } from './routes/profiles.js';
import { projectRoutes } from './routes/projects.js';
import { sourceRoutes } from './routes/sources.js';
import { executionRoutes } from './routes/executions.js';
import { workerRoutes } from './routes/workers.js';

export type { HttpMethod, ResponseSpec, RouteSpec } from './routeSpec.js';

export const apiPrefix = '/api/v2';

export const routes: readonly RouteSpec[] = [
  ...profileRoutes,
  ...projectRoutes,
  ...sourceRoutes,
  ...executionRoutes,
  ...alertRoutes,
  ...consoleRoutes,
  ...identityRoutes,
  ...apiTokenRoutes,
  ...workerRoutes,
  {
    id: 'login',
    method: 'POST',
    path: '/login',
    summary: 'Exchange a username and password for an access token and a refresh token',
    tag: 'auth',
    auth: 'public',
    body: { codec: LoginRequest, contentType: 'application/json' },
    success: { status: 200, description: 'Logged in', codec: TokenResponse },
    errors: ['invalid_credentials', 'rate_limited'],
    unredacted: 'credentials',
  },
  {
    id: 'refresh',
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Exchange a refresh token (once) for a new access token and a new refresh token',
    tag: 'auth',
    auth: 'public',
    body: { codec: RefreshRequest, contentType: 'application/json' },
    success: {
      status: 200,
      description: 'New tokens; the refresh token presented is spent',
      codec: TokenResponse,
    },
    errors: ['unauthorized'],
    unredacted: 'credentials',
  },
  {
    id: 'logout',
    method: 'POST',
    path: '/auth/logout',
    summary: 'End this login: its access token and refresh token stop working',
    tag: 'auth',
    auth: 'none',
    success: { status: 200, description: 'Logged out', codec: LogoutResponse },
    errors: [],
  },
  {
    id: 'me',
    method: 'GET',
    path: '/auth/me',
    summary: 'Who the access token belongs to',
    tag: 'auth',
    auth: 'none',
    success: { status: 200, description: 'The caller', codec: Me },
    errors: [],
  },
  {
    id: 'changePassword',
    method: 'POST',
    path: '/auth/password',
    summary:
      'Set your own password, giving the current one (checked behind the login throttle: a wrong one counts as a failed login). Every other login of the account ends; this one goes on',
    tag: 'auth',
    auth: 'none',
    body: { codec: PasswordChangeRequest, contentType: 'application/json' },
    success: { status: 200, description: 'Set; how many other logins ended', codec: PasswordChanged },
    errors: ['rate_limited', 'forbidden'],
  },
  {
    id: 'listUsers',
    method: 'GET',
    path: '/users',
    summary: 'List users (they are created with the command-line tool only)',
    tag: 'auth',
    auth: 'admin',
    success: { status: 200, description: 'All users', codec: UserList },
    errors: [],
  },
  {
    id: 'accountEvents',
    method: 'GET',
    path: '/users/events',
    summary:
      "The account audit, oldest first (order=newest: newest first), paged: accounts made, roles changed, accounts disabled and enabled, passwords set, logins unlocked or held back, with who did it (every account's, or one username's)",
    tag: 'auth',
    auth: 'admin',
    query: AccountEventsQuery,
    success: { status: 200, description: 'A page of events', codec: EventPageView },
    errors: [],
  },
  {
    id: 'health',
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the process answers',
    tag: 'system',
    auth: 'public',
    success: { status: 200, description: 'Alive', codec: Health },
    errors: [],
  },
  {
    id: 'ready',
    method: 'GET',
    path: '/ready',
    summary:
      'Readiness: database, queue, workers and dependencies (503 names the failing parts); without a token each part says only ok or failing, with a token its detail',
    tag: 'system',
    auth: 'public',
    success: {
      status: 200,
      alsoOn: [503],
      description: 'Ready (503 with the same body when not)',
      codec: Readiness,
    },
    errors: [],
  },
  {
    id: 'metrics',
    method: 'GET',
    path: '/metrics',
    summary:
      'Prometheus metrics; without a token those that name no project or profile, with a token all (the metrics port serves all)',
    tag: 'system',
    auth: 'public',
    success: {
      status: 200,
      description: 'Prometheus text exposition',
      contentType: 'text/plain; version=0.0.4',
    },
    errors: [],
  },
  {
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This API described in OpenAPI 3.1',
    tag: 'system',
    auth: 'public',
    success: { status: 200, description: 'The OpenAPI document' },
    errors: [],
    unredacted: 'schema',
  },
];
