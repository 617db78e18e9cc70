// What the repository contract's rules share: the stores under test, and records made to order.
import type { ExecutionContext } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { retryRule } from '../../../core/domain/automationRetry.js';
import type { NewEvent } from '../../../core/domain/event.js';
import type { User } from '../../../core/domain/user.js';
import type { SurveyorPorts } from '../../../core/app/ports.js';
import { type Execution, unsubmitted } from '../../../core/domain/executionRecord.js';
import type { NotificationChannel } from '../../../core/domain/alerting.js';
import type { DeploymentProfile } from '../../../core/domain/profile.js';
import type { ProjectConfig } from '../../../core/domain/projectConfig.js';
import { loadProjectYaml } from '../../../schema/project/loadYaml.js';
import { wallabyYaml } from '../examples.js';
import { dimProfile } from '../fixtures.js';

export type Repositories = Pick<
  SurveyorPorts,
  | 'configs'
  | 'sources'
  | 'discovery'
  | 'profiles'
  | 'pauses'
  | 'siteHolds'
  | 'executions'
  | 'admissions'
  | 'artifacts'
  | 'pollRounds'
  | 'executionFigures'
  | 'usage'
  | 'events'
  | 'queue'
  | 'maintenance'
  | 'alerts'
  | 'deliveries'
  | 'users'
  | 'sessions'
>;

export type RepositoriesFactory = () => Promise<{ repos: Repositories; done: () => Promise<void> }>;

export const t0 = new Date('2026-05-01T00:00:00Z');
export const at = (s: number) => new Date(t0.getTime() + s * 1000);
export const day = 86_400;
let counter = 0;
export const uuid = () => `00000000-0000-4000-9000-${(++counter).toString(16).padStart(12, '0')}`;

/** An enabled account named `username`, its e-mail and hash made from the name. */
export const account = (username: string, role: User['role']): User => ({
  id: uuid(),
  username,
  email: `${username}@example.org`,
  role,
  passwordHash: `hash-${username}`,
  createdAt: at(1),
  disabledAt: null,
});
export const module = 'wallaby_hires';
export const config = (() => {
  const r = loadProjectYaml(wallabyYaml);
  if (E.isLeft(r)) throw new Error('the example does not load');
  return r.right as ProjectConfig;
})();
export const ev = (
  subjectId: string,
  kind = 'test.happened',
  subjectType: NewEvent['subjectType'] = 'source',
): NewEvent => ({
  projectModule: module,
  subjectType,
  subjectId,
  kind,
  payload: { n: 1 },
  actor: 'tester',
});

export const uploaded = (repos: Repositories, hash = 'h1', when = t0) =>
  repos.configs.saveVersion(
    { projectModule: module, yaml: wallabyYaml, contentHash: hash, config, createdBy: 'tester' },
    when,
    (v) => ({ ...ev(module, 'project.config_uploaded', 'project'), payload: { version: v } }),
  );

export const profile = (over: Partial<DeploymentProfile> = {}): DeploymentProfile =>
  dimProfile(uuid(), module, t0, over);

/** A webhook channel, its secrets already sealed. */
export const webhookChannel = (name = 'hook'): NotificationChannel => ({
  id: uuid(),
  name,
  description: '',
  enabled: true,
  settings: { kind: 'webhook', format: 'json', target: 'https://hooks.example.org' },
  sealedSecrets: 'v1.sealed',
  version: 1,
  createdAt: t0,
  updatedAt: t0,
});

/** Automation's retry rule with room enough to hold nothing back in the tests that are not about it. */
export const noRetries = retryRule({ max_failed_runs: 1000, retry_wait_minutes: 1 }, 1, t0);

export const execution = (over: Partial<Execution> = {}): Execution => ({
  id: uuid(),
  projectModule: module,
  configVersion: 1,
  profileId: null,
  profileSnapshot: profile(),
  archiveName: 'casda',
  sourceIds: [],
  state: 'pending',
  attempt: 1,
  doStage: null,
  doSubmit: null,
  executeRequestedAt: null,
  runRecord: {},
  ...unsubmitted,
  idempotencyKey: null,
  requestHash: null,
  createdBy: 'tester',
  createdAt: t0,
  updatedAt: t0,
  ...over,
});

/** Sources created in the project, by identifier. */
export const sourcesNamed = async (repos: Repositories, identifiers: readonly string[], when = t0) => {
  const made = await repos.sources.createMany(
    identifiers.map((sourceIdentifier) => ({
      id: uuid(),
      projectModule: module,
      sourceIdentifier,
      enabled: true,
    })),
    when,
    (s) => ev(s.id, 'source.registered'),
  );
  return Object.fromEntries(made.created.map((s) => [s.sourceIdentifier, s.id]));
};

export const discovered = (repos: Repositories, id: string, signature: string, flags = {}, when = t0) =>
  repos.discovery.saveDiscovery(
    id,
    { configVersion: 1, metadata: { datasets: [{ a: 1 }], queries: {}, vars: {} }, flags, signature },
    when,
    (changed) => (changed ? [ev(id, 'source.discovered')] : []),
  );

/** Inserts an execution, then writes what an insert leaves out (as the use cases do, later). */
export const stored = async (r: Repositories, x: Execution) => {
  await r.executions.insert(x, ev(x.id, 'execution.created', 'execution'));
  const { executeRequestedAt, schedulerJobId, backendTarget, submittedAt, finishedAt, runRecord } = x;
  await r.executions.write(
    {
      id: x.id,
      expect: [x.state],
      change: { executeRequestedAt, schedulerJobId, backendTarget, submittedAt, finishedAt, runRecord },
      events: [],
    },
    finishedAt ?? x.createdAt,
  );
};

/** Every page of a paged list, following cursors. */
export const allPages = async <T>(
  page: (cursor: string | null) => Promise<{ items: readonly T[]; nextCursor: string | null } | 'bad_cursor'>,
): Promise<T[][]> => {
  const pages: T[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const p = await page(cursor);
    if (p === 'bad_cursor') throw new Error('bad cursor');
    pages.push([...p.items]);
    if (p.nextCursor === null) return pages;
    cursor = p.nextCursor;
  }
  throw new Error('paging does not end');
};

export const itemsOf = <T>(p: { items: readonly T[] } | 'bad_cursor'): readonly T[] => {
  if (p === 'bad_cursor') throw new Error('bad cursor');
  return p.items;
};

export type Rule = (t: ExecutionContext, r: Repositories) => Promise<void>;
