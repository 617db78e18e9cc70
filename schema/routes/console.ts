import { ConsoleToken, LoginRequest, LogoutResponse } from '../api/auth.js';
import { OverviewView } from '../api/overview.js';
import type { RouteSpec } from '../routeSpec.js';

/** Where the console's refresh cookie is sent: these routes only (hosts/api/consoleSession.ts). */
export const consoleSessionPath = '/auth/console-session';

/** What the web console needs beyond the resource routes: a cookie login, and the overview. */
export const consoleRoutes: readonly RouteSpec[] = [
  {
    id: 'consoleLogin',
    method: 'POST',
    path: consoleSessionPath,
    summary:
      'Log in for the web console: the access token in the body, the refresh token in an HttpOnly, SameSite=Strict cookie sent only to these routes',
    tag: 'auth',
    auth: 'public',
    body: { codec: LoginRequest, contentType: 'application/json' },
    success: {
      status: 200,
      description: 'Logged in; Set-Cookie carries the refresh token',
      codec: ConsoleToken,
    },
    errors: ['invalid_credentials', 'rate_limited'],
    unredacted: 'credentials',
  },
  {
    id: 'consoleRefresh',
    method: 'POST',
    path: `${consoleSessionPath}/refresh`,
    summary:
      "Spend the console's refresh cookie (once) for a new access token; the cookie is replaced. Without a valid cookie: 401, and the cookie is cleared",
    tag: 'auth',
    auth: 'public',
    success: {
      status: 200,
      description: 'A new access token; Set-Cookie replaces the refresh token',
      codec: ConsoleToken,
    },
    errors: ['unauthorized'],
    unredacted: 'credentials',
  },
  {
    id: 'consoleLogout',
    method: 'POST',
    path: `${consoleSessionPath}/logout`,
    summary: "End the console's login (both tokens stop working) and clear its cookie",
    tag: 'auth',
    auth: 'none',
    success: { status: 200, description: 'Logged out', codec: LogoutResponse },
    errors: [],
  },
  {
    id: 'overview',
    method: 'GET',
    path: '/overview',
    summary:
      'Executions by state (and by project), the job queue, live workers and the newest failed executions with their reasons',
    tag: 'system',
    auth: 'viewer',
    success: { status: 200, description: 'The overview', codec: OverviewView },
    errors: [],
  },
];
