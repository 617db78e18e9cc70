import type { Handler } from './handler.js';
import { alertHandlers } from './handlers/alerts.js';
import { apiTokenHandlers } from './handlers/apiTokens.js';
import { workerHandlers } from './handlers/workers.js';
import { authHandlers } from './handlers/auth.js';
import { consoleSessionHandlers } from './handlers/consoleSession.js';
import { identityHandlers } from './handlers/identity.js';
import { executionHandlers } from './handlers/executions.js';
import { profileHandlers } from './handlers/profiles.js';
import { projectHandlers } from './handlers/projects.js';
import { sourceHandlers } from './handlers/sources.js';
import { systemHandlers } from './handlers/system.js';

const byRouteId = (...tables: readonly Readonly<Record<string, Handler>>[]) => {
  const all: Record<string, Handler> = {};
  for (const table of tables)
    for (const [id, handler] of Object.entries(table)) {
      if (id in all) throw new Error(`two handlers for route ${id}`);
      all[id] = handler;
    }
  return all;
};

/**
 * Handlers by route id (schema/routes.ts), each feature's from its own file; the server refuses to
 * start if one is missing, and this table if two features answer one route.
 */
export const handlers: Readonly<Record<string, Handler>> = byRouteId(
  authHandlers,
  apiTokenHandlers,
  workerHandlers,
  systemHandlers,
  profileHandlers,
  projectHandlers,
  sourceHandlers,
  executionHandlers,
  alertHandlers,
  consoleSessionHandlers,
  identityHandlers,
);
