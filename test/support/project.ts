// A project ready for executions over HTTP: configurations (manual and automated), sources registered
// in batches.
import { fileURLToPath } from 'node:url';
import { discoverBatch } from '../../core/usecases/discovery/discoverBatch.js';
import { discoveryDeps } from '../../hosts/composition/composition.js';
import type { TestApi } from './api.js';
import { wallabyYaml } from './examples.js';

/** The shipped graphs, as a worker's SERVICE_GRAPH_DIR. */
export const graphDir = fileURLToPath(new URL('../../../schema/examples/graphs', import.meta.url));

/** The WALLABY example with automation off (tests create their executions) and 1 s polling. */
export const manualWallabyYaml = wallabyYaml
  .replace(/(execution:\n\s+enabled:) true/, '$1 false')
  .replace(/(discovery:\n\s+enabled:) true/, '$1 false')
  .replace('poll_interval_seconds: 60', 'poll_interval_seconds: 1');

/**
 * `yaml` with its automation block replaced: automation's executions on,
 * `perExecution` sources to a run on `profile`, at most `concurrentRuns` at once, polled every
 * second; full groups while sources are being discovered, and a short last one once its oldest
 * source has waited a minute. Discovery stays the test's own (automation's is off).
 */
export const automatedYaml = (
  yaml: string,
  o: {
    readonly profile: string;
    readonly perExecution: number;
    readonly concurrentRuns: number;
    /** False: the same settings with automation's executions off (default on). */
    readonly enabled?: boolean;
  },
): string => {
  const block = /^automation:\n(?:[ \t].*(?:\n|$)|\n)*/m;
  if (!block.test(yaml)) throw new Error('an automated configuration: no automation block');
  return yaml.replace(
    block,
    `automation:
  execution:
    enabled: ${o.enabled ?? true}
    archive_name: casda
    deployment_profile_name: ${o.profile}
    max_sources_per_execution: ${o.perExecution}
    sources_per_tick: 1000
    runs_per_tick: 50
    min_sources_to_trigger: ${o.perExecution}
    max_wait_minutes: 1
    concurrent_runs: ${o.concurrentRuns}
    poll_interval_seconds: 1
  discovery:
    enabled: false
`,
  );
};

/**
 * Registers `identifiers` in a project and discovers them (in this process, on the archive the
 * process uses), `batch` at a time (100); returns their ids by identifier.
 */
export const registerSources = async (
  api: TestApi,
  token: string,
  module: string,
  identifiers: readonly string[],
  batch = 100,
): Promise<Record<string, string>> => {
  const ids: Record<string, string> = {};
  for (let i = 0; i < identifiers.length; i += 1000) {
    const reg = await api.call('POST', '/sources/bulk', {
      token,
      body: {
        project_module: module,
        sources: identifiers.slice(i, i + 1000).map((source_identifier) => ({ source_identifier })),
      },
    });
    if (reg.status !== 200 && reg.status !== 201) throw new Error(`sources: ${reg.text}`);
    for (const x of (reg.body as { items: { source_identifier: string; uuid: string }[] }).items)
      ids[x.source_identifier] = x.uuid;
  }
  for (let i = 0; i < identifiers.length; i += batch)
    await discoverBatch(discoveryDeps(api.container), {
      project_module: module,
      source_ids: identifiers.slice(i, i + batch).map((x) => ids[x]!),
    });
  return ids;
};

/**
 * A project ready for executions: the configuration, a default rest_remote profile, and the given
 * sources registered and discovered (in this process, on the archive the process uses: the mock
 * one unless it runs real parts). Returns an operator token and the source ids by identifier.
 */
export const prepareProject = async (
  api: TestApi,
  identifiers: readonly string[],
  yaml = manualWallabyYaml,
  profile: { name?: string; translation: Record<string, unknown>; deployment: Record<string, unknown> } = {
    translation: {},
    deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
  },
  module = 'wallaby_hires',
) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const operator = `op-${suffix}`;
  const token = await api.tokenFor(operator, 'operator');
  // An admin decides what code runs (graph patches of code fields, profiles' shell snippets).
  const adminToken = await api.tokenFor(`admin-${suffix}`, 'admin');
  await api.uploadConfig(yaml, adminToken);
  const created = await api.call('POST', '/deployment-profiles', {
    token: adminToken,
    body: {
      name: 'mock-dim',
      project_module: module,
      is_default: true,
      ...profile,
    },
  });
  if (created.status !== 201) throw new Error(`profile: ${created.text}`);
  const ids = await registerSources(api, token, module, identifiers);
  /** Creates an execution of one source (with `create`'s extra fields) and asks it to run; returns its id. */
  const execute = async (
    identifier: string,
    switches: Record<string, boolean> = {},
    create: Record<string, unknown> = {},
  ) => {
    const c = await api.call('POST', '/executions', {
      token,
      body: {
        project_module: module,
        archive_name: 'casda',
        sources: [{ source_identifier: identifier }],
        ...create,
      },
    });
    if (c.status !== 201) throw new Error(`create: ${c.text}`);
    const id = (c.body as { uuid: string }).uuid;
    const x = await api.call('POST', `/executions/${id}/execute`, { token, body: switches });
    if (x.status !== 202) throw new Error(`execute: ${x.text}`);
    return id;
  };
  return { token, operator, adminToken, ids, execute, module };
};
