// Which API operations the CLI reaches, and from which test file: each cli*.test.ts file names
// the operations its commands call and checks that they were called (from the API's request
// log), and unit/cliCoverage checks that every operation of schema/openapi.json is named by some
// file or left to others with the reason. A route added without its command fails there.
import type { TestFn } from 'ava';
import { type CliSession, calledOperations } from './cliSession.js';

/** Operations the CLI leaves to others, with the reason. */
export const notTheCli: Readonly<Record<string, string>> = {
  consoleLogin: 'the web console logs in with a cookie',
  consoleRefresh: 'the web console',
  consoleLogout: 'the web console',
  health: 'probes, without credentials',
  ready: 'probes, without credentials (surveyor doctor checks the host itself)',
  metrics: 'Prometheus',
  openapi: 'clients generated from it',
  createSource: 'sources add registers through /sources/bulk, which takes one as well',
  identityProvider: 'the web console, to show its sign-in button',
  oidcStart: 'a browser (the console)',
  oidcCallback: 'a browser, back from the identity provider',
  oidcDeviceStart:
    'surveyor login --identity-provider, tested against a real provider in integration/identityProvider',
  oidcDevicePoll:
    'surveyor login --identity-provider, tested against a real provider in integration/identityProvider',
};

/** The operations each file's commands call. */
export const cliCovers: Readonly<Record<string, readonly string[]>> = {
  cliLogin: [
    'login',
    'refresh',
    'logout',
    'me',
    'changePassword',
    'listUsers',
    'accountEvents',
    'createApiToken',
    'listApiTokens',
    'revokeApiToken',
  ],
  cliProject: [
    'uploadProjectConfig',
    'getProjectConfig',
    'getProjectConfigVersion',
    'listProjectConfigVersions',
    'listProjects',
    'projectEvents',
  ],
  cliProfiles: [
    'createProfile',
    'listProfiles',
    'getProfile',
    'pingProfile',
    'replaceProfile',
    'profileEvents',
    'pauseProfile',
    'resumeProfile',
    'deleteProfile',
  ],
  cliSources: [
    'createSourcesBulk',
    'deleteSource',
    'discoverSources',
    'listSources',
    'getSource',
    'sourceStatus',
    'updateSource',
    'sourceEvents',
  ],
  cliExecutions: [
    'createExecution',
    'executeExecution',
    'getExecution',
    'executionStatus',
    'executionDropStates',
    'executionEvents',
    'listExecutions',
    'overview',
    'executionSummary',
    'executionLedgerSnapshot',
    'executionArtifact',
    'executionProvenance',
    'compareExecutions',
    'reproduceExecution',
    'cancelExecution',
    'retryExecution',
  ],
  cliUsage: ['projectUsage'],
  cliAlerts: [
    'createChannel',
    'listChannels',
    'getChannel',
    'testChannel',
    'replaceChannel',
    'setChannelEnabled',
    'deleteChannel',
    'createRule',
    'listRules',
    'getRule',
    'replaceRule',
    'setRuleEnabled',
    'deleteRule',
    'listDeliveries',
    'getDelivery',
  ],
  cliAutomation: ['projectAutomation'],
  cliWorkers: ['drainWorker'],
};

/** Registers, last in the file, the test that its commands reached the operations it names. */
export const cliCoverage = (test: TestFn, s: CliSession, file: string): void => {
  test.serial('its commands reach the API operations it covers', (t) => {
    const called = calledOperations(s.api);
    const missing = (cliCovers[file] ?? []).filter((id) => !called.has(id));
    t.deepEqual(missing, [], `not called by ${file}'s commands`);
  });
};
