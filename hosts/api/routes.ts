import type { Handler } from './handler.js';
import { listUsersHandler, loginHandler, logoutHandler, meHandler, refreshHandler } from './handlers/auth.js';
import {
  createProfileHandler,
  deleteProfileHandler,
  profileEventsHandler,
  getProfileHandler,
  listProfilesHandler,
  replaceProfileHandler,
} from './handlers/profiles.js';
import {
  getProjectConfigHandler,
  getProjectConfigVersionHandler,
  listProjectConfigVersionsHandler,
  projectEventsHandler,
  uploadProjectConfigHandler,
} from './handlers/projects.js';
import {
  createSourceHandler,
  createSourcesBulkHandler,
  discoverSourcesHandler,
  listSourcesHandler,
  sourceEventsHandler,
  sourceStatusHandler,
} from './handlers/sources.js';
import {
  createExecutionHandler,
  cancelExecutionHandler,
  executeExecutionHandler,
  executionEventsHandler,
  executionLedgerHandler,
  executionStatusHandler,
  executionSummaryHandler,
  retryExecutionHandler,
} from './handlers/executions.js';
import { healthHandler, metricsHandler, openApiHandler, readyHandler } from './handlers/system.js';

/** Handlers by route id (schema/routes.ts); the server refuses to start if one is missing. */
export const handlers: Readonly<Record<string, Handler>> = {
  login: loginHandler,
  refresh: refreshHandler,
  logout: logoutHandler,
  me: meHandler,
  listUsers: listUsersHandler,
  health: healthHandler,
  ready: readyHandler,
  metrics: metricsHandler,
  openapi: openApiHandler,
  createProfile: createProfileHandler,
  listProfiles: listProfilesHandler,
  getProfile: getProfileHandler,
  replaceProfile: replaceProfileHandler,
  deleteProfile: deleteProfileHandler,
  profileEvents: profileEventsHandler,
  uploadProjectConfig: uploadProjectConfigHandler,
  getProjectConfig: getProjectConfigHandler,
  listProjectConfigVersions: listProjectConfigVersionsHandler,
  getProjectConfigVersion: getProjectConfigVersionHandler,
  projectEvents: projectEventsHandler,
  createSource: createSourceHandler,
  createSourcesBulk: createSourcesBulkHandler,
  listSources: listSourcesHandler,
  discoverSources: discoverSourcesHandler,
  sourceStatus: sourceStatusHandler,
  sourceEvents: sourceEventsHandler,
  createExecution: createExecutionHandler,
  executionStatus: executionStatusHandler,
  executionEvents: executionEventsHandler,
  executeExecution: executeExecutionHandler,
  cancelExecution: cancelExecutionHandler,
  retryExecution: retryExecutionHandler,
  executionSummary: executionSummaryHandler,
  executionLedgerSnapshot: executionLedgerHandler,
};
