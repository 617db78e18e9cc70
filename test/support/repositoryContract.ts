// One set of repository rules, run against the PostgreSQL repositories and the memory ones alike.
import type { ExecutionContext } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import {
  tokenCreatedEvent,
  tokenRevokedEvent,
  unlockEvents,
  userChangeEvents,
  userCreatedEvent,
} from '../../core/domain/accountEvents.js';
import { retryRule, sourceHeldKind } from '../../core/domain/automationRetry.js';
import type { NewEvent } from '../../core/domain/event.js';
import type { User, UserChange } from '../../core/domain/user.js';
import type { SurveyorPorts } from '../../core/app/ports.js';
import { type Execution, maxSourcesPerPage, unsubmitted } from '../../core/domain/executionRecord.js';
import type { AlertRule, NotificationChannel, PlannedDelivery } from '../../core/domain/alerting.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import { summariseSource, viewSource } from '../../core/domain/source.js';
import { type SourceFilter, sourceMatches } from '../../core/domain/sourceFilter.js';
import type { FiredEvent } from '../../core/ports/AlertDeliveries.js';
import type { ExecutionFilter } from '../../core/ports/ExecutionRepository.js';
import type { ProjectConfig } from '../../core/domain/projectConfig.js';
import type { AttemptUsage } from '../../core/domain/usage.js';
import { loadProjectYaml } from '../../schema/project/loadYaml.js';
import { wallabyYaml } from './examples.js';
import { dimProfile } from './fixtures.js';

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

const t0 = new Date('2026-05-01T00:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);
const day = 86_400;
let counter = 0;
const uuid = () => `00000000-0000-4000-9000-${(++counter).toString(16).padStart(12, '0')}`;

/** An enabled account named `username`, its e-mail and hash made from the name. */
const account = (username: string, role: User['role']): User => ({
  id: uuid(),
  username,
  email: `${username}@example.org`,
  role,
  passwordHash: `hash-${username}`,
  createdAt: at(1),
  disabledAt: null,
});
const module = 'wallaby_hires';
const config = (() => {
  const r = loadProjectYaml(wallabyYaml);
  if (E.isLeft(r)) throw new Error('the example does not load');
  return r.right as ProjectConfig;
})();
const ev = (
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

const uploaded = (repos: Repositories, hash = 'h1', when = t0) =>
  repos.configs.saveVersion(
    { projectModule: module, yaml: wallabyYaml, contentHash: hash, config, createdBy: 'tester' },
    when,
    (v) => ({ ...ev(module, 'project.config_uploaded', 'project'), payload: { version: v } }),
  );

const profile = (over: Partial<DeploymentProfile> = {}): DeploymentProfile =>
  dimProfile(uuid(), module, t0, over);

/** Automation's retry rule with room enough to hold nothing back in the tests that are not about it. */
const noRetries = retryRule({ max_failed_runs: 1000, retry_wait_minutes: 1 }, 1, t0);

const execution = (over: Partial<Execution> = {}): Execution => ({
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
const sourcesNamed = async (repos: Repositories, identifiers: readonly string[], when = t0) => {
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

const discovered = (repos: Repositories, id: string, signature: string, flags = {}, when = t0) =>
  repos.discovery.saveDiscovery(
    id,
    { configVersion: 1, metadata: { datasets: [{ a: 1 }], queries: {}, vars: {} }, flags, signature },
    when,
    (changed) => (changed ? [ev(id, 'source.discovered')] : []),
  );

/** Inserts an execution, then writes what an insert leaves out (as the use cases do, later). */
const stored = async (r: Repositories, x: Execution) => {
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
const allPages = async <T>(
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

const itemsOf = <T>(p: { items: readonly T[] } | 'bad_cursor'): readonly T[] => {
  if (p === 'bad_cursor') throw new Error('bad cursor');
  return p.items;
};

type Rule = (t: ExecutionContext, r: Repositories) => Promise<void>;

export const repositoryContract: Record<string, Rule> = {
  'configurations: a new content is a new active version, the same content is not; paged newest first':
    async (t, r) => {
      const v1 = await uploaded(r, 'h1');
      t.true(v1.created);
      t.is(v1.version.version, 1);
      t.false((await uploaded(r, 'h1', at(1))).created);
      const v2 = await uploaded(r, 'h2', at(2));
      t.is(v2.version.version, 2);
      t.true(v2.version.active);
      t.is((await r.configs.active(module))?.version, 2);
      t.false((await r.configs.get(module, 1))?.active);
      t.deepEqual((await r.configs.get(module, 1))?.config, config);
      t.is(await r.configs.get(module, 9), null);
      // What executions pinned: the same configuration, read again (and kept) by version.
      t.deepEqual(await r.configs.pinned(module, 1), config);
      t.deepEqual(await r.configs.pinned(module, 1), config);
      t.is(await r.configs.pinned(module, 9), null);
      t.deepEqual(
        (await r.configs.versions(module)).map((v) => v.version),
        [2, 1],
      );
      t.deepEqual(
        (await allPages((c) => r.configs.versionPage(module, 1, c))).map((p) => p.map((v) => v.version)),
        [[2], [1]],
      );
      t.is(await r.configs.versionPage(module, 1, 'bm90LWEtY3Vyc29y'), 'bad_cursor');
      t.deepEqual(
        (await r.configs.allActive()).map((v) => [v.projectModule, v.version]),
        [[module, 2]],
      );
      const events = await r.events.read({ kind: 'project', projectModule: module }, 10, null);
      t.deepEqual(
        events.items.map((e) => e.payload),
        [{ version: 1 }, { version: 2 }],
      );
    },
  'sessions: a session is read with its account in one read, as each repository reads it alone': async (
    t,
    r,
  ) => {
    const user = {
      id: uuid(),
      username: 'ada',
      email: 'ada@example.org',
      role: 'operator' as const,
      passwordHash: 'hash',
      createdAt: at(1),
      disabledAt: at(5),
    };
    t.true(await r.users.insert(user, userCreatedEvent(user, null), at(1)));
    const session = {
      id: uuid(),
      userId: user.id,
      createdAt: at(2),
      expiresAt: at(day),
      revokedAt: null,
      revokeReason: null,
    };
    await r.sessions.create(session, {
      tokenHash: 'h',
      sessionId: session.id,
      issuedAt: at(2),
      expiresAt: at(day),
      usedAt: null,
    });
    await r.sessions.revoke(session.id, at(3), 'logout');
    const both = await r.sessions.findWithUser(session.id);
    t.deepEqual(both, { session: await r.sessions.find(session.id), user: await r.users.findById(user.id) });
    t.deepEqual(both?.user, user);
    t.like(both?.session, { revokedAt: at(3), revokeReason: 'logout', userId: user.id });
    t.is(await r.sessions.findWithUser(uuid()), null);
  },
  'sessions: API tokens are made under a live count and a live name, listed newest first, revoked once, each with its audit event':
    async (t, r) => {
      const [ann, ben] = [account('ann', 'operator'), account('ben', 'admin')];
      for (const u of [ann, ben]) t.true(await r.users.insert(u, userCreatedEvent(u, null), at(1)));
      const token = (owner: User, name: string, created: number, lives = day) => ({
        id: uuid(),
        userId: owner.id,
        createdAt: at(created),
        expiresAt: at(created + lives),
        revokedAt: null,
        revokeReason: null,
        apiToken: { name, role: 'viewer' as const, secretHash: `digest-${name}`, lastUsedAt: null },
      });
      const make = (s: ReturnType<typeof token>, now: number) =>
        r.sessions.createApiToken(
          s,
          tokenCreatedEvent(ann.username, { ...s, name: s.apiToken.name, role: 'viewer' }, 'ann'),
          2,
          at(now),
        );
      const first = token(ann, 'nightly', 10, 100);
      t.is(await make(first, 10), 'created');
      t.is(await make(token(ann, 'NIGHTLY', 11), 11), 'name_taken', 'a live name, whatever its case');
      const second = token(ann, 'ci', 12);
      t.is(await make(second, 12), 'created');
      t.is(await make(token(ann, 'third', 13), 13), 'too_many');
      // Once the first has expired it counts no more, and its name is free again.
      const again = token(ann, 'nightly', 200);
      t.is(await make(again, 200), 'created');
      t.like(await r.sessions.findWithUser(again.id), {
        session: { apiToken: { name: 'nightly', role: 'viewer', secretHash: 'digest-nightly' } },
        user: { username: 'ann' },
      });
      t.deepEqual(
        (await r.sessions.listApiTokens(ann.id)).map((x) => [x.name, x.username, x.createdAt]),
        [
          ['nightly', 'ann', at(200)],
          ['ci', 'ann', at(12)],
          ['nightly', 'ann', at(10)],
        ],
      );
      t.deepEqual(await r.sessions.listApiTokens(ben.id), []);
      // A use is recorded; an older one told late does not move it back.
      await r.sessions.touchApiToken(again.id, at(250));
      await r.sessions.touchApiToken(again.id, at(240));
      t.like(await r.sessions.findWithUser(again.id), { session: { apiToken: { lastUsedAt: at(250) } } });
      t.deepEqual(
        (await r.sessions.listApiTokens(ann.id)).map((x) => x.lastUsedAt),
        [at(250), null, null],
      );
      t.is((await r.sessions.listApiTokens(null)).length, 3);
      const revoked = (byWhom: string) => (x: { id: string; name: string; username: string }) =>
        tokenRevokedEvent(x, byWhom);
      t.is(await r.sessions.revokeApiToken(second.id, ben.id, at(201), revoked('ben')), null, 'not ben’s');
      t.is(
        await r.sessions.revokeApiToken(first.id, null, at(201), revoked('ben')),
        null,
        'expired: not live',
      );
      t.like(await r.sessions.revokeApiToken(second.id, null, at(201), revoked('ben')), {
        name: 'ci',
        revokedAt: at(201),
        revokeReason: 'token_revoked',
      });
      t.is(await r.sessions.revokeApiToken(second.id, null, at(202), revoked('ben')), null, 'once');
      t.like(await r.sessions.find(second.id), { revokedAt: at(201), revokeReason: 'token_revoked' });
      const audit = (
        await r.events.read({ kind: 'subject', subjectType: 'user', subjectId: 'ann' }, 100, null)
      ).items;
      t.deepEqual(
        audit
          .filter((e) => e.kind.startsWith('user.token_'))
          .map((e) => [e.kind, e.payload['name'], e.actor]),
        [
          ['user.token_created', 'nightly', 'ann'],
          ['user.token_created', 'ci', 'ann'],
          ['user.token_created', 'nightly', 'ann'],
          ['user.token_revoked', 'ci', 'ben'],
        ],
      );
    },
  'users: the account audit records what a write changed, with it; a write refused records nothing; it is read across accounts and per account':
    async (t, r) => {
      const [boss, ann] = [account('Boss', 'admin'), account('ann', 'viewer')];
      const kinds = async (page = { kind: 'accounts' as const }) =>
        (await r.events.read(page, 100, null)).items.map((e) => `${e.subjectId} ${e.kind}`);
      const before = await kinds();
      t.true(await r.users.insert(boss, userCreatedEvent(boss, 'host:root'), at(1)));
      t.true(await r.users.insert(ann, userCreatedEvent(ann, 'host:root'), at(1)));
      t.false(await r.users.insert({ ...ann, id: uuid() }, userCreatedEvent(ann, 'host:root'), at(1)));
      const update = (u: User, change: UserChange) =>
        r.users.update(u.id, change, (stored) => userChangeEvents(stored, change, 'host:root'), at(2));
      t.is(await update(ann, { role: 'admin', disabledAt: null, passwordHash: 'new' }), 'updated');
      t.is(await update(ann, { role: 'admin' }), 'updated'); // no change: nothing recorded
      t.is(await update(boss, { disabledAt: at(2) }), 'updated');
      t.is(await update(ann, { disabledAt: at(3) }), 'last_admin');
      const unlocked = unlockEvents({ address: '192.0.2.7' }, 'host:root');
      for (const e of unlocked) await r.events.append(e, at(3));
      t.deepEqual((await kinds()).slice(before.length), [
        'boss user.created',
        'ann user.created',
        'ann user.role_changed',
        'ann user.password_set',
        'boss user.disabled',
        '192.0.2.7 address.login_unlocked',
      ]);
      const anns = (
        await r.events.read({ kind: 'subject', subjectType: 'user', subjectId: 'ann' }, 100, null)
      ).items;
      t.deepEqual(
        anns.map((e) => [e.kind, e.payload, e.actor, e.projectModule]),
        [
          ['user.created', { username: 'ann', role: 'viewer' }, 'host:root', ''],
          ['user.role_changed', { username: 'ann', from: 'viewer', to: 'admin' }, 'host:root', ''],
          ['user.password_set', { username: 'ann' }, 'host:root', ''],
        ],
      );
      t.false(JSON.stringify(anns).includes('new'), 'no password hash in the audit');
    },
  'users: a change is written whole; the last enabled admin stays, even when two changes race for it; every login of an account ends at once':
    async (t, r) => {
      const [a, b, op] = [account('root-a', 'admin'), account('root-b', 'admin'), account('op', 'operator')];
      const more = [1, 2, 3, 4].map((i) => account(`root-${i}`, 'admin'));
      for (const u of [a, b, op, ...more]) t.true(await r.users.insert(u, userCreatedEvent(u, null), at(1)));
      const update = (id: string, change: UserChange) =>
        r.users.update(id, change, (stored) => userChangeEvents(stored, change, null), at(2));
      t.is(await update(op.id, { role: 'viewer', passwordHash: 'new', disabledAt: at(2) }), 'updated');
      t.like(await r.users.findById(op.id), {
        role: 'viewer',
        passwordHash: 'new',
        disabledAt: at(2),
        email: op.email,
      });
      t.is(await update(op.id, { disabledAt: null }), 'updated');
      t.like(await r.users.findById(op.id), { role: 'viewer', passwordHash: 'new', disabledAt: null });
      t.is(await update(uuid(), { role: 'viewer' }), 'not_found');
      // Six admins, each demoted or disabled at once by another caller (the reads first, so that a
      // database's pool has its connections open): all but one pass, one is refused.
      const admins = [a, b, ...more];
      await Promise.all(admins.map((u) => r.users.findById(u.id)));
      const outcomes = await Promise.all(
        admins.map((u, i) => update(u.id, i % 2 ? { disabledAt: at(3) } : { role: 'operator' })),
      );
      t.deepEqual(outcomes.filter((o) => o === 'last_admin').length, 1, outcomes.join());
      t.is(await r.users.countAdmins(), 1);
      const kept = admins[outcomes.indexOf('last_admin')]!;
      t.like(await r.users.findById(kept.id), { role: 'admin', disabledAt: null });
      // What takes no admin away passes, the last admin's own password included.
      t.is(await update(kept.id, { passwordHash: 'kept', role: 'admin', disabledAt: null }), 'updated');
      t.is(await update(kept.id, { disabledAt: at(4) }), 'last_admin');
      const session = (userId: string, n: number) => ({
        id: uuid(),
        userId,
        createdAt: at(n),
        expiresAt: at(day),
        revokedAt: null,
        revokeReason: null,
      });
      const [s1, s2, other] = [session(op.id, 4), session(op.id, 5), session(kept.id, 6)];
      for (const s of [s1, s2, other])
        await r.sessions.create(s, {
          tokenHash: `t-${s.id}`,
          sessionId: s.id,
          issuedAt: s.createdAt,
          expiresAt: at(day),
          usedAt: null,
        });
      await r.sessions.revoke(s1.id, at(7), 'logout');
      t.is(
        await r.sessions.revokeAllOf(op.id, at(8), 'user_disabled'),
        1,
        'the live one; the ended one stays as it ended',
      );
      t.like(await r.sessions.find(s1.id), { revokedAt: at(7), revokeReason: 'logout' });
      t.like(await r.sessions.find(s2.id), { revokedAt: at(8), revokeReason: 'user_disabled' });
      t.like(await r.sessions.find(other.id), { revokedAt: null });
    },
  'sources: registered once, listed in code point order a page at a time, enabled and disabled with an event on change':
    async (t, r) => {
      const ids = await sourcesNamed(r, ['b', 'a', 'B']);
      const again = await r.sources.createMany(
        [{ id: uuid(), projectModule: module, sourceIdentifier: 'a', enabled: true }],
        at(1),
        (s) => ev(s.id),
      );
      t.deepEqual(again.created, []);
      t.is(again.existing[0]?.id, ids['a']);
      t.deepEqual(
        (await allPages((c) => r.sources.list(module, {}, 2, c))).map((p) =>
          p.map((s) => s.sourceIdentifier),
        ),
        [['B', 'a'], ['b']],
      );
      t.is(await r.sources.list(module, {}, 2, 'bm9wZQ'), 'bad_cursor');
      t.deepEqual(
        (await r.sources.findByIdentifiers(module, ['a', 'zz'])).map((s) => s.id),
        [ids['a']],
      );
      t.deepEqual(
        (await r.sources.getMany([ids['b']!, uuid()])).map((s) => s.sourceIdentifier),
        ['b'],
      );
      t.deepEqual(
        [...(await r.sources.identifiersOf([ids['b']!, uuid(), ids['a']!, ids['b']!]))].sort(),
        [
          [ids['a']!, 'a'],
          [ids['b']!, 'b'],
        ].sort(),
      );
      const off = await r.sources.setEnabled(ids['a']!, false, at(2), ev(ids['a']!, 'source.disabled'));
      t.false(off?.enabled);
      t.deepEqual(off?.updatedAt, at(2));
      await r.sources.setEnabled(ids['a']!, false, at(3), ev(ids['a']!, 'source.disabled'));
      const stream = await r.events.read(
        { kind: 'subject', subjectType: 'source', subjectId: ids['a']! },
        10,
        null,
      );
      t.deepEqual(
        stream.items.map((e) => e.kind),
        ['source.registered', 'source.disabled'],
        'no event when nothing changed',
      );
      t.is(await r.sources.setEnabled(uuid(), true, at(4), ev('x')), null);
    },
  'sources: discovery claims, results, failures, due order and expired claims': async (t, r) => {
    const ids = await sourcesNamed(r, ['s1', 's2', 's3', 'off']);
    await r.sources.setEnabled(ids['off']!, false, t0, ev(ids['off']!));
    t.deepEqual(
      await r.discovery.markQueued([ids['s1']!, ids['s2']!, ids['off']!], at(1)),
      [ids['s1'], ids['s2']],
      'a disabled source is not claimed',
    );
    t.deepEqual(await r.discovery.markQueued([ids['s1']!], at(2)), [], 'nor one already claimed');
    t.is(await r.discovery.discoveryInFlight(module), 2);
    await r.discovery.markRunning(ids['s1']!, at(3));
    t.deepEqual(await discovered(r, ids['s1']!, 'sig-1', {}, at(4)), { changed: true });
    t.deepEqual(await discovered(r, ids['s1']!, 'sig-1', {}, at(5)), { changed: false });
    const s1 = await r.sources.get(ids['s1']!);
    t.is(s1?.discoveryState, 'done');
    t.deepEqual(s1?.discoveredAt, at(5));
    await r.discovery.failDiscovery(
      ids['s3']!,
      'x'.repeat(3000),
      at(6),
      ev(ids['s3']!, 'source.discovery_failed'),
    );
    const s3 = await r.sources.get(ids['s3']!);
    t.is(s3?.discoveryState, 'failed');
    t.is(s3?.discoveryError?.length, 2000);
    t.deepEqual(
      await r.discovery.dueForDiscovery(module, at(100), 10),
      [ids['s3'], ids['s1']],
      'never discovered first, then the oldest; claimed and disabled ones are not due',
    );
    // s2's claim has no live job: it is released; a claim whose job lives is kept.
    const [s4] = Object.values(await sourcesNamed(r, ['s4']));
    await r.discovery.markQueued([s4!], at(1));
    await r.queue.enqueue(
      { kind: 'discovery.batch', payload: { project_module: module, source_ids: [s4] } },
      at(1),
    );
    const released = await r.discovery.releaseExpiredClaims(module, at(10), at(20), 'the job died', (id) =>
      ev(id, 'source.discovery_failed'),
    );
    t.deepEqual(released, [ids['s2']]);
    t.is((await r.sources.get(ids['s2']!))?.discoveryError, 'the job died');
    t.is((await r.sources.get(s4!))?.discoveryState, 'queued');
    const counts = Object.fromEntries(
      (await r.sources.countsByState()).map((c) => [c.state, Number(c.count)]),
    );
    t.deepEqual(counts, { done: 1, failed: 2, never: 1, queued: 1 });
  },
  'sources: a delete waits for the executions and discoveries that hold the source': async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['held', 'free', 'claimed']);
    await r.executions.insert(execution({ sourceIds: [ids['held']!], state: 'running' }), ev('x'));
    await r.discovery.markQueued([ids['claimed']!], t0);
    t.is(await r.sources.delete(ids['held']!, at(1), ev(ids['held']!, 'source.deleted')), 'busy');
    t.is(await r.sources.delete(ids['claimed']!, at(1), ev(ids['claimed']!, 'source.deleted')), 'busy');
    t.is(await r.sources.delete(ids['free']!, at(1), ev(ids['free']!, 'source.deleted')), 'ok');
    t.is(await r.sources.delete(ids['free']!, at(1), ev(ids['free']!, 'source.deleted')), 'not_found');
    t.is(await r.sources.get(ids['free']!), null);
    const done = execution({ sourceIds: [ids['held']!], state: 'completed' });
    await r.executions.insert(done, ev('y'));
    t.is(
      await r.sources.delete(ids['held']!, at(2), ev(ids['held']!)),
      'busy',
      'the running one still holds it',
    );
  },
  'profiles: one name and one default per scope, versioned replaces and deletes, scoped lists and pages':
    async (t, r) => {
      const a = profile({ name: 'a', is_default: true });
      t.is(await r.profiles.insert(a, ev(a.id), t0), 'ok');
      t.is(await r.profiles.insert(profile({ name: 'a' }), ev('x'), t0), 'name_taken');
      t.is(await r.profiles.insert(profile({ name: 'b', is_default: true }), ev('x'), t0), 'default_taken');
      const g = profile({ name: 'a', project_module: null, is_default: true });
      t.is(await r.profiles.insert(g, ev(g.id), t0), 'ok', 'another scope');
      const other = profile({ name: 'z', project_module: 'other_module' });
      t.is(await r.profiles.insert(other, ev(other.id), t0), 'ok');
      t.is(
        await r.profiles.replace({ ...a, description: 'new', version: 2 }, 5, ev(a.id), at(1)),
        'version_conflict',
      );
      t.is(await r.profiles.replace({ ...a, description: 'new', version: 2 }, 1, ev(a.id), at(1)), 'ok');
      t.is((await r.profiles.get(a.id))?.description, 'new');
      t.is(await r.profiles.replace(profile(), 1, ev('x'), at(1)), 'not_found');
      t.is((await r.profiles.findByName(null, 'a'))?.id, g.id);
      t.is((await r.profiles.findDefault(module))?.id, a.id);
      t.deepEqual(
        (await r.profiles.list(module)).map((p) => p.id),
        [g.id, a.id],
        'globals first, then the module',
      );
      t.is((await r.profiles.list()).length, 3);
      const pages = await allPages((c) => r.profiles.page(undefined, 2, c));
      t.deepEqual(
        pages.map((p) => p.map((x) => x.project_module)),
        [[null, 'other_module'], [module]],
      );
      t.is(await r.profiles.page(undefined, 2, 'Z2FyYmFnZQ'), 'bad_cursor');
      t.false(await r.profiles.delete(a.id, 1, ev(a.id), at(2)), 'a stale version deletes nothing');
      t.true(await r.profiles.delete(a.id, 2, ev(a.id), at(2)));
      t.is(await r.profiles.get(a.id), null);
    },
  'pauses: a profile is paused once with its event, read alone or all together, resumed once; a pause goes with its profile':
    async (t, r) => {
      const [a, b] = [profile({ name: 'a' }), profile({ name: 'b' })];
      for (const p of [a, b]) await r.profiles.insert(p, ev(p.id), t0);
      const pause = (id: string, reason: string, n: number, until: Date | null = null) => ({
        profileId: id,
        at: at(n),
        by: 'ops',
        byRole: 'operator' as const,
        reason,
        from: at(n),
        until,
      });
      const kinds = async (id: string) =>
        (await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: id }, 10, null)).items.map(
          (e) => e.kind,
        );
      t.is(
        await r.pauses.pause(pause(a.id, 'maintenance', 1), ev(a.id, 'profile.paused', 'profile'), at(1)),
        'ok',
      );
      t.is(
        await r.pauses.pause(pause(a.id, 'again', 2), ev(a.id, 'profile.paused', 'profile'), at(2)),
        'already',
      );
      t.is(
        await r.pauses.pause(pause(uuid(), 'no such', 2), ev('x', 'profile.paused', 'profile'), at(2)),
        'not_found',
      );
      t.deepEqual(await r.pauses.of(a.id), pause(a.id, 'maintenance', 1), 'the first pause stays');
      t.is(await r.pauses.of(b.id), null);
      // A replace of the profile neither ends nor changes its pause.
      t.is(await r.profiles.replace({ ...a, description: 'new', version: 2 }, 1, ev(a.id), at(3)), 'ok');
      t.is((await r.pauses.of(a.id))?.reason, 'maintenance');
      t.is(await r.pauses.pause(pause(b.id, 'flaky', 4), ev(b.id, 'profile.paused', 'profile'), at(4)), 'ok');
      t.deepEqual((await r.pauses.all()).map((p) => p.profileId).sort(), [a.id, b.id].sort());
      t.false(
        await r.pauses.resume(a.id, at(4), ev(a.id, 'profile.resumed', 'profile'), at(5)),
        'not the pause that was read',
      );
      t.true(await r.pauses.resume(a.id, at(1), ev(a.id, 'profile.resumed', 'profile'), at(5)));
      t.false(
        await r.pauses.resume(a.id, at(1), ev(a.id, 'profile.resumed', 'profile'), at(6)),
        'not paused now',
      );
      t.deepEqual(
        await kinds(a.id),
        ['profile.paused', 'profile.resumed'],
        'an event per change, none for a refusal',
      );
      t.true(await r.profiles.delete(b.id, 1, ev(b.id), at(7)));
      t.deepEqual(await r.pauses.all(), [], "a deleted profile's pause went with it");
    },
  'site holds: a refusal holds the target; a count gives the room as tokens, one a try; a quiet spell lets one try blind; a count of none ends it':
    async (t, r) => {
      const h = r.siteHolds;
      const target = 'ssh:op@[login.example.org]:22';
      t.is(await h.take(target, at(0), 300), 'free', 'no hold: any run may submit');
      await h.counted(target, 5, at(0));
      t.is(await h.of(target), null, 'a count without a hold makes none');
      await h.refused(target, 'QOSMaxSubmitJobPerUserLimit', 3, at(1));
      t.like(await h.of(target), {
        limitSeen: 3,
        jobsSeen: 3,
        tokens: 0,
        reason: 'QOSMaxSubmitJobPerUserLimit',
      });
      t.is(await h.take(target, at(2), 300), 'wait');
      // A round counts one job gone: one run may try; the others wait.
      await h.counted(target, 2, at(3));
      const tries = await Promise.all([1, 2, 3].map(() => h.take(target, at(4), 300)));
      t.deepEqual([...tries].sort(), ['taken', 'wait', 'wait'], 'one token, taken once');
      // A refusal again keeps the hold's start and takes the tokens back.
      await h.counted(target, 1, at(5));
      await h.refused(target, 'QOSMaxSubmitJobPerUserLimit', 3, at(6));
      t.like(await h.of(target), { since: at(1), refusedAt: at(6), tokens: 0 });
      // No count for the quiet spell (nothing of ours in flight there): one blind try, then waits.
      t.is(await h.take(target, at(6 + 299), 300), 'wait');
      t.deepEqual((await Promise.all([1, 2].map(() => h.take(target, at(6 + 300), 300)))).sort(), [
        'taken',
        'wait',
      ]);
      // The account holds no job there: the hold is over.
      await h.counted(target, 0, at(400));
      t.is(await h.of(target), null);
      t.is(await h.take(target, at(401), 300), 'free');
    },
  'pauses: a window ahead is a pause already; one whose end has passed is over: replaced by the next, not resumed':
    async (t, r) => {
      const a = profile({ name: 'a' });
      await r.profiles.insert(a, ev(a.id), t0);
      const window = (reason: string, made: number, from: number, until: number | null) => ({
        profileId: a.id,
        at: at(made),
        by: 'ops',
        byRole: 'operator' as const,
        reason,
        from: at(from),
        until: until === null ? null : at(until),
      });
      const pauseAt = (p: ReturnType<typeof window>, n: number) =>
        r.pauses.pause(p, ev(a.id, 'profile.paused', 'profile'), at(n));
      const ahead = window('maintenance next week', 1, 10, 20);
      t.is(await pauseAt(ahead, 1), 'ok');
      t.deepEqual(await r.pauses.of(a.id), ahead, 'stored with its window');
      t.is(await pauseAt(window('now', 2, 2, null), 2), 'already', 'a window ahead is not over');
      t.is(await pauseAt(window('now', 15, 15, null), 15), 'already', 'nor one that holds');
      t.is(await pauseAt(window('after', 20, 20, null), 20), 'ok', 'at its end it is over and gives way');
      t.is((await r.pauses.of(a.id))?.reason, 'after');
      t.true(await r.pauses.resume(a.id, at(20), ev(a.id, 'profile.resumed', 'profile'), at(21)));
      t.is(await pauseAt(window('short', 22, 22, 25), 22), 'ok');
      t.false(
        await r.pauses.resume(a.id, at(22), ev(a.id, 'profile.resumed', 'profile'), at(25)),
        'over at its end: nothing to resume',
      );
      t.is((await r.pauses.of(a.id))?.reason, 'short', 'an ended pause is kept until replaced');
      t.is(
        await r.pauses.replace(
          window('longer', 26, 26, 40),
          at(22),
          ev(a.id, 'profile.paused', 'profile'),
          at(26),
        ),
        'changed',
        'an ended pause is not replaced: it is over',
      );
      t.is(await pauseAt(window('held', 30, 30, 40), 30), 'ok');
      const extended = window('held longer', 35, 30, 50);
      t.is(
        await r.pauses.replace(extended, at(29), ev(a.id, 'profile.paused', 'profile'), at(35)),
        'changed',
        'not the pause that was read',
      );
      t.is(await r.pauses.replace(extended, at(30), ev(a.id, 'profile.paused', 'profile'), at(35)), 'ok');
      t.deepEqual(await r.pauses.of(a.id), extended, 'in its place');
      t.is(
        await r.pauses.replace(
          window('again', 36, 30, 50),
          at(30),
          ev(a.id, 'profile.paused', 'profile'),
          at(36),
        ),
        'changed',
        'replaced once from what was read',
      );
      t.is(
        (
          await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: a.id }, 10, null)
        ).items.filter((e) => e.kind === 'profile.resumed').length,
        1,
        'no event for a resume refused',
      );
      t.is(
        (
          await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: a.id }, 20, null)
        ).items.filter((e) => e.kind === 'profile.paused').length,
        5,
        'an event per pause made or replaced, none for a refusal',
      );
    },
  'pauses: a window change is told once, of the pause it was seen on; a replace starts afresh': async (
    t,
    r,
  ) => {
    const a = profile({ name: 'a' });
    await r.profiles.insert(a, ev(a.id), t0);
    const p = {
      profileId: a.id,
      at: at(1),
      by: 'ops',
      byRole: 'admin' as const,
      reason: 'window',
      from: at(5),
      until: at(9),
    };
    t.is(await r.pauses.pause(p, ev(a.id, 'profile.paused', 'profile'), at(1)), 'ok');
    const tell = (made: number, change: 'began' | 'ended', n: number) =>
      r.pauses.tell(a.id, at(made), change, ev(a.id, `profile.pause_${change}`, 'profile'), at(n));
    t.false(await tell(2, 'began', 5), 'not the pause that is there');
    t.true(await tell(1, 'began', 5));
    t.false(await tell(1, 'began', 6), 'told once');
    t.like(await r.pauses.of(a.id), { told: { began: true, ended: false } });
    t.true(await tell(1, 'ended', 9));
    t.like(await r.pauses.of(a.id), { told: { began: true, ended: true } });
    const next = { ...p, at: at(10), reason: 'next', from: at(12), until: at(14) };
    t.is(
      await r.pauses.pause(next, ev(a.id, 'profile.paused', 'profile'), at(10)),
      'ok',
      'the ended one gave way',
    );
    t.is((await r.pauses.of(a.id))?.told, undefined, 'the new one has nothing told');
    t.true(await tell(10, 'began', 12));
    const moved = { ...next, at: at(13), until: at(20) };
    t.is(await r.pauses.replace(moved, at(10), ev(a.id, 'profile.paused', 'profile'), at(13)), 'ok');
    t.is((await r.pauses.of(a.id))?.told, undefined, 'a replace starts afresh');
    const kinds = (
      await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: a.id }, 20, null)
    ).items
      .map((e) => e.kind)
      .filter((k) => k.startsWith('profile.pause_'));
    t.deepEqual(
      kinds,
      ['profile.pause_began', 'profile.pause_ended', 'profile.pause_began'],
      'an event per change told',
    );
  },
  'executions: an idempotency key is taken once; writes expect a state and a held lease': async (t, r) => {
    await uploaded(r);
    const [src] = Object.values(await sourcesNamed(r, ['x1']));
    await discovered(r, src!, 'sig');
    const e = execution({ idempotencyKey: 'k1', sourceIds: [src!] });
    t.is(await r.executions.insert(e, ev(e.id, 'execution.created', 'execution')), 'ok');
    t.is(await r.executions.insert(execution({ idempotencyKey: 'k1' }), ev('x')), 'key_taken');
    t.is((await r.executions.findByIdempotencyKey('k1'))?.id, e.id);
    t.is(
      await r.executions.write(
        { id: e.id, expect: ['queued'], change: { state: 'staging' }, events: [] },
        at(1),
      ),
      'state_changed',
    );
    await r.queue.enqueue({ kind: 'execution.run', payload: {} }, t0);
    const [job] = await r.queue.claim('w', ['execution.run'], 1, 60, t0);
    const stale = { jobId: job!.lease.jobId, token: job!.lease.token + 100 };
    t.is(
      await r.executions.write(
        { id: e.id, expect: ['pending'], change: { state: 'queued' }, fence: stale, events: [] },
        at(1),
      ),
      'lease_lost',
    );
    await r.queue.enqueue({ kind: 'execution.poll', payload: {}, idempotencyKey: `exec:${e.id}:poll` }, t0);
    const ok = await r.executions.write(
      {
        id: e.id,
        expect: ['pending'],
        change: {
          state: 'running',
          runRecord: { intent: { at: 'now' }, dropped: undefined },
          debug: { dimSessionStatusUrl: 'http://dim/status' },
          backendTarget: 'dim:1',
          submittedAt: at(1),
        },
        fence: job!.lease,
        events: [ev(e.id, 'execution.submitted', 'execution')],
        enqueue: { kind: 'execution.settle', payload: { execution_id: e.id }, idempotencyKey: 'settle-1' },
        cancelJobsWithKeyPrefix: `exec:${e.id}:`,
        markProcessed: [{ sourceId: src!, signature: 'sig' }],
      },
      at(1),
    );
    t.is(ok, 'ok');
    const after = await r.executions.get(e.id);
    t.is(after?.state, 'running');
    t.deepEqual(after?.runRecord, { intent: { at: 'now' } });
    t.is(after?.debug.dimSessionStatusUrl, 'http://dim/status');
    t.is(after?.debug.dimGraphStatusUrl, null, 'a field left out stays');
    t.deepEqual(after?.updatedAt, at(1));
    t.is((await r.sources.get(src!))?.processedSignature, 'sig');
    const claimable = await r.queue.claim('w', ['execution.settle', 'execution.poll'], 10, 60, at(2));
    t.deepEqual(
      claimable.map((j) => j.kind),
      ['execution.settle'],
      'the enqueued job is there; the cancelled one is not',
    );
    const stream = await r.events.read(
      { kind: 'subject', subjectType: 'execution', subjectId: e.id },
      10,
      null,
    );
    t.deepEqual(
      stream.items.map((x) => x.kind),
      ['execution.created', 'execution.submitted'],
    );
  },
  'executions: many writes in one call, each applied on its own, under one fence': async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['m1', 'm2']);
    const [a, b, c] = [execution({ state: 'running' }), execution({ state: 'running' }), execution()];
    for (const x of [a, b, c])
      t.is(await r.executions.insert(x, ev(x.id, 'execution.created', 'execution')), 'ok');
    await r.queue.enqueue({ kind: 'execution.poll', payload: {} }, t0);
    const [job] = await r.queue.claim('w', ['execution.poll'], 1, 60, t0);
    const end = (x: Execution, signature: string, sourceId: string) => ({
      id: x.id,
      expect: ['running' as const],
      change: {
        state: 'completed' as const,
        finishedAt: at(2),
        runRecord: { remote_terminal: true },
        error: null,
      },
      fence: job!.lease,
      events: [ev(x.id, 'execution.completed', 'execution')],
      markProcessed: [{ sourceId, signature }],
    });
    t.deepEqual(await r.executions.writeMany([], at(2)), []);
    const results = await r.executions.writeMany(
      [
        end(a, 'first', ids['m1']!),
        // c is pending: its write does not apply, and nothing of it is stored.
        { ...end(c, 'never', ids['m2']!) },
        { ...end(b, 'last', ids['m1']!), change: { runRecord: { remote_state: 'RUNNING' } } },
      ],
      at(2),
    );
    t.deepEqual(results, ['ok', 'state_changed', 'ok']);
    t.like(await r.executions.get(a.id), { state: 'completed', finishedAt: at(2), updatedAt: at(2) });
    t.deepEqual((await r.executions.get(a.id))?.runRecord, { remote_terminal: true });
    t.like(await r.executions.get(b.id), { state: 'running', finishedAt: null }, 'a column left out stays');
    t.deepEqual((await r.executions.get(b.id))?.runRecord, { remote_state: 'RUNNING' });
    t.like(await r.executions.get(c.id), { state: 'pending', updatedAt: c.updatedAt });
    t.is((await r.sources.get(ids['m1']!))?.processedSignature, 'last', 'the last write of a source wins');
    t.is((await r.sources.get(ids['m2']!))?.processedSignature, null, 'only an applied write marks');
    const kinds = async (x: Execution) =>
      (
        await r.events.read({ kind: 'subject', subjectType: 'execution', subjectId: x.id }, 10, null)
      ).items.map((e) => e.kind);
    t.deepEqual(await kinds(a), ['execution.created', 'execution.completed']);
    t.deepEqual(await kinds(c), ['execution.created'], 'no event of a write that did not apply');
    const stale = { jobId: job!.lease.jobId, token: job!.lease.token + 100 };
    t.deepEqual(await r.executions.writeMany([{ ...end(b, 'x', ids['m2']!), fence: stale }], at(3)), [
      'lease_lost',
    ]);
    t.is((await r.executions.get(b.id))?.state, 'running');
    await t.throwsAsync(
      () => r.executions.writeMany([end(b, 'x', ids['m2']!), end(b, 'y', ids['m2']!)], at(3)),
      {
        message: /two writes of execution/,
      },
    );
    await t.throwsAsync(
      () =>
        r.executions.writeMany(
          [end(a, 'x', ids['m2']!), { ...end(b, 'x', ids['m2']!), fence: stale }],
          at(3),
        ),
      { message: /share one fence/ },
    );
  },
  'admissions: made and admitted in batches; a batch admits only what is still pending': async (t, r) => {
    await uploaded(r);
    const rule: AlertRule = {
      id: uuid(),
      name: 'queued',
      enabled: true,
      projectModule: module,
      conditions: { kind: 'execution_ended', states: ['failed'], profile_name: null },
      channelIds: [],
      cooldownMinutes: 0,
      version: 1,
      createdAt: t0,
      updatedAt: t0,
    };
    t.is(await r.alerts.insertRule(rule, ['execution.queued']), 'ok');
    const asked = (over: Partial<Execution> = {}) =>
      execution({ executeRequestedAt: at(1), doStage: true, doSubmit: false, ...over });
    const [a, b, c] = [asked(), asked({ executeRequestedAt: at(2) }), asked({ executeRequestedAt: at(3) })];
    await r.executions.insertMany(
      [a, b, c].map((x) => ({
        execution: x,
        events: [
          ev(x.id, 'execution.created', 'execution'),
          ev(x.id, 'execution.execute_requested', 'execution'),
        ],
      })),
      at(1),
    );
    t.like(await r.executions.get(a.id), {
      state: 'pending',
      doStage: true,
      doSubmit: false,
      executeRequestedAt: at(1),
    });
    t.deepEqual(
      (await r.admissions.awaitingAdmission(10)).map((x) => x.id),
      [a.id, b.id, c.id],
    );
    // c is cancelled meanwhile: the batch moves a and b, with their events and jobs only.
    t.is(
      await r.executions.write(
        { id: c.id, expect: ['pending'], change: { state: 'cancelled' }, events: [] },
        at(2),
      ),
      'ok',
    );
    const admission = (x: Execution) => ({
      id: x.id,
      state: 'queued' as const,
      events: [ev(x.id, 'execution.queued', 'execution')],
      job: {
        kind: 'execution.run',
        payload: { execution_id: x.id, attempt: 1 },
        idempotencyKey: `run:${x.id}`,
      },
    });
    const moved = await r.admissions.admitMany([a, b, c].map(admission), at(3));
    t.deepEqual([...moved].sort(), [a.id, b.id].sort());
    t.like(await r.executions.get(b.id), { state: 'queued', updatedAt: at(3) });
    t.like(await r.executions.get(c.id), { state: 'cancelled' });
    const kinds = async (id: string) =>
      (await r.events.read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 10, null)).items.map(
        (e) => e.kind,
      );
    t.deepEqual(await kinds(a.id), ['execution.created', 'execution.execute_requested', 'execution.queued']);
    t.deepEqual(await kinds(c.id), ['execution.created', 'execution.execute_requested']);
    let fired: readonly FiredEvent[] = [];
    await r.deliveries.dispatchOutbox(10, at(4), (f) => {
      fired = f;
      return [];
    });
    t.deepEqual(
      fired.map((f) => f.event.subjectId).sort(),
      [a.id, b.id].sort(),
      'each queued event fired the rule',
    );
    const jobs = await r.queue.claim('w', ['execution.run'], 10, 60, at(4));
    t.deepEqual(
      jobs.map((j) => (j.payload as { execution_id: string }).execution_id).sort(),
      [a.id, b.id].sort(),
    );
    // Admitting again moves nothing and adds no job; a second request under a live key is left out.
    t.is((await r.admissions.admitMany([admission(a)], at(5))).size, 0);
  },
  'admissions and poll rounds: admission order, in flight per project, targets to poll and their rounds':
    async (t, r) => {
      await uploaded(r);
      const late = execution({ executeRequestedAt: at(5) });
      const early = execution({ executeRequestedAt: at(1) });
      const idle = execution();
      const run1 = execution({ state: 'running', backendTarget: 'dim:1', submittedAt: at(3) });
      const run2 = execution({ state: 'cancelling', backendTarget: 'dim:1', submittedAt: at(2) });
      const batch = execution({
        state: 'running',
        backendTarget: 'ssh:1',
        submittedAt: at(0),
        profileSnapshot: { ...profile(), deployment: { kind: 'batch_remote' } as never },
      });
      for (const x of [late, early, idle, run1, run2, batch]) await stored(r, x);
      t.deepEqual(
        (await r.admissions.awaitingAdmission(10)).map((x) => x.id),
        [early.id, late.id],
      );
      t.deepEqual([...(await r.admissions.inFlightByProject())], [[module, 3]]);
      t.is(await r.admissions.inFlightIn(module), 3);
      t.is(await r.admissions.inFlightIn('no_such_project'), 0);
      // Per profile: none of these has a profile that still exists (profileId null), so none counts.
      t.deepEqual([...(await r.admissions.inFlightByProfile())], []);
      const mine = profile({ name: 'counted' });
      await r.profiles.insert(mine, ev(mine.id), t0);
      for (const state of ['queued', 'running', 'completed'] as const)
        await stored(r, execution({ state, profileId: mine.id }));
      t.deepEqual([...(await r.admissions.inFlightByProfile())], [[mine.id, 2]]);
      t.is(await r.admissions.inFlightOfProfile(mine.id), 2);
      t.deepEqual(
        (await r.pollRounds.onTarget('dim:1', 10)).map((x) => x.id),
        [run2.id, run1.id],
      );
      const targets = (await r.pollRounds.pollTargets()).sort((a, b) => a.target.localeCompare(b.target));
      t.deepEqual(
        targets.map((x) => [x.target, x.kind, x.inFlight, x.lastPolledAt, x.pollIntervalSeconds]),
        [
          ['dim:1', 'rest_remote', 2, null, 60],
          ['ssh:1', 'batch_remote', 1, null, 60],
        ],
      );
      const round = (target: string) => ({
        target,
        job: { kind: 'execution.poll', payload: { target }, idempotencyKey: `poll:${target}` },
      });
      const schedule = async (s: number) => {
        for (const j of await r.queue.claim('w', ['execution.poll'], 10, 60, at(s)))
          await r.queue.complete(j.lease, at(s));
        return r.pollRounds.schedulePolls([round('dim:1'), round('dim:1')], at(s));
      };
      const polledAt = async () =>
        (await r.pollRounds.pollTargets()).find((x) => x.target === 'dim:1')?.lastPolledAt;
      t.is(await schedule(10), 1, 'one round per target: its job, and when');
      t.is(await r.pollRounds.schedulePolls([round('dim:1')], at(12)), 0, 'not while its job is live');
      t.deepEqual(await polledAt(), at(10));
      await r.pollRounds.recordRound('dim:1', at(10), at(11), null, true);
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(11), 'the first answer is recorded');
      // Rounds that start on time and answer again write nothing; the last answer is then at least
      // the start of the round before the newest one.
      for (const s of [20, 30]) {
        t.is(await schedule(s), 1);
        await r.pollRounds.recordRound('dim:1', at(s), at(s + 1), null, true);
      }
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(20));
      t.is(await schedule(40), 1);
      await r.pollRounds.recordRound('dim:1', at(40), at(41), 'timeout', false);
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(30), 'kept when the rounds stop answering');
      t.is(await r.pollRounds.lastAnswered('ssh:1'), null);
      t.deepEqual(await polledAt(), at(40));
      // dim:1 failed its last round and last answered at 30; ssh:1 never polled (no error): not down.
      t.deepEqual(await r.pollRounds.unansweredTargets(at(30), null), []);
      t.deepEqual(
        (await r.pollRounds.unansweredTargets(at(31), null)).map((x) => [
          x.target,
          x.kind,
          x.inFlight,
          x.lastError,
        ]),
        [['dim:1', 'rest_remote', 2, 'timeout']],
      );
      t.deepEqual(await r.pollRounds.unansweredTargets(at(31), 'another_project'), []);
      // A round the tick did not schedule (a submission's) records its start, and nothing else changes.
      await r.pollRounds.recordRound('dim:1', at(55), at(56), 'timeout', false);
      t.deepEqual(await polledAt(), at(55));
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(30));
      await r.pollRounds.recordRound('ssh:1', at(25), at(26), 'connection refused', false);
      t.deepEqual(
        (await r.pollRounds.unansweredTargets(at(40), null)).map((x) => [x.target, x.lastAnsweredAt]),
        [
          ['dim:1', at(30)],
          ['ssh:1', null],
        ],
      );
      // Answering again with a cancel that could not be sent: an error, but the target is not down.
      await r.pollRounds.recordRound('dim:1', at(60), at(61), 'cancel of x: refused', true);
      t.deepEqual(await r.pollRounds.unansweredTargets(at(100), null).then((u) => u.map((x) => x.target)), [
        'ssh:1',
      ]);
      t.deepEqual(await r.pollRounds.lastAnswered('dim:1'), at(61));
      const waits = await r.executionFigures.remoteQueueWaits(at(30));
      t.deepEqual(
        waits.map((w) => [w.projectModule, Number(w.waiting), Number(w.longestSeconds)]),
        [[module, 1, 30]],
      );
    },
  'executions: a write asks for a poll round no sooner than its spacing after the last one': async (t, r) => {
    await uploaded(r);
    const x = execution({ state: 'running', backendTarget: 'dim:9', submittedAt: at(1) });
    await stored(r, x);
    const ask = (s: number, spacingSeconds = 30, expect: Execution['state'] = 'running') =>
      r.executions.write(
        {
          id: x.id,
          expect: [expect],
          change: {},
          events: [],
          pollRound: {
            target: 'dim:9',
            job: { kind: 'execution.poll', payload: { target: 'dim:9' }, idempotencyKey: 'poll:dim:9' },
            spacingSeconds,
          },
        },
        at(s),
      );
    const polledAt = async () =>
      (await r.pollRounds.pollTargets()).find((p) => p.target === 'dim:9')?.lastPolledAt ?? null;
    const claim = (s: number) => r.queue.claim('w', ['execution.poll'], 10, 60, at(s));
    t.is(await ask(100), 'ok');
    t.deepEqual(await polledAt(), at(100), 'the first round is due at once, and recorded');
    const first = await claim(100);
    t.is(first.length, 1);
    await r.queue.complete(first[0]!.lease, at(101));
    t.is(await ask(110), 'ok');
    t.deepEqual(await polledAt(), at(130), 'the next is due the spacing after the last one');
    t.is((await claim(129)).length, 0, 'not claimable before it is due');
    const second = await claim(130);
    t.is(second.length, 1);
    t.is(await ask(131), 'ok');
    t.deepEqual(await polledAt(), at(160), 'a round asked for while one runs: that one runs again, spaced');
    t.is(await ask(133), 'ok');
    t.deepEqual(await polledAt(), at(160), 'asked again while it runs: still once more, not twice');
    t.true(await r.queue.complete(second[0]!.lease, at(134)));
    t.is((await claim(159)).length, 0, 'the round again is not claimable before it is due');
    const again = await claim(160);
    t.deepEqual(
      again.map((j) => [j.id, j.attempts]),
      [[second[0]!.id, 1]],
      'the same job, its attempts started over',
    );
    t.is(await ask(161), 'ok');
    t.true(await r.queue.complete(again[0]!.lease, at(162)));
    t.deepEqual(await polledAt(), at(190));
    const third = await claim(190);
    t.is(third.length, 1);
    t.true(await r.queue.complete(third[0]!.lease, at(191)));
    t.is((await claim(300)).length, 0, 'a round that was not asked again ends');
    t.is(await ask(310, 30, 'completed'), 'state_changed');
    t.deepEqual(await polledAt(), at(190), 'a write that does not apply asks for nothing');
    t.is(await ask(320, 30, 'running'), 'ok');
    t.deepEqual(await polledAt(), at(320));
    const fourth = await claim(320);
    t.is(fourth.length, 1);
    t.is(await ask(321, 30, 'completed'), 'state_changed');
    t.true(await r.queue.complete(fourth[0]!.lease, at(322)));
    t.is((await claim(400)).length, 0, 'a write that does not apply does not ask a running round again');
  },
  "executions: those that would wait on a profile's pause are counted per profile": async (t, r) => {
    await uploaded(r);
    const [a, b, c] = [uuid(), uuid(), uuid()];
    const asked = { executeRequestedAt: t0, doStage: true, doSubmit: true };
    const made = [
      execution({ profileId: a, ...asked }),
      execution({ profileId: a }), // pending, not asked to run: it waits for nobody
      execution({ profileId: a, ...asked, state: 'staging' }),
      execution({ profileId: a, ...asked, doSubmit: false, state: 'queued' }), // a dry run
      execution({ profileId: a, ...asked, state: 'running' }), // on its backend already
      execution({ profileId: a, ...asked, state: 'failed' }),
      execution({ profileId: b, ...asked, state: 'submitting' }),
      execution({ profileId: null, ...asked }),
    ];
    for (const e of made)
      t.is(await r.executions.insert(e, ev(e.id, 'execution.created', 'execution')), 'ok');
    const counts = await r.executionFigures.waitingOn([a, b, c]);
    t.deepEqual(
      [...counts.entries()].sort(),
      [
        [a, 2],
        [b, 1],
      ].sort(),
    );
    t.is((await r.executionFigures.waitingOn([])).size, 0);
  },
  'executions: lists filter and page newest first': async (t, r) => {
    await uploaded(r);
    const [sourceA, sourceB] = [uuid(), uuid()];
    const xs = [0, 1, 2, 3].map((i) =>
      execution({
        createdAt: at(i % 2 === 0 ? 10 : 20),
        state: i < 2 ? 'pending' : 'completed',
        profileId: i === 3 ? '00000000-0000-4000-a000-000000000003' : null,
        profileSnapshot: profile({ name: i === 3 ? 'special' : 'dim' }),
        sourceIds: i === 1 ? [sourceA, sourceB] : i === 2 ? [sourceB] : [],
      }),
    );
    for (const x of xs) await r.executions.insert(x, ev(x.id));
    // The executions that ran a source, newest first, with the other filters too.
    const bySource = async (filter: ExecutionFilter) =>
      itemsOf(await r.executions.list(filter, 10, null)).map((x) => x.id);
    t.deepEqual(await bySource({ sourceId: sourceB }), [xs[1]!.id, xs[2]!.id]);
    t.deepEqual(await bySource({ sourceId: sourceA }), [xs[1]!.id]);
    t.deepEqual(await bySource({ sourceId: sourceB, state: 'completed' }), [xs[2]!.id]);
    t.deepEqual(await bySource({ sourceId: uuid() }), []);
    // Ended since a time: by when they ended, not when they were made.
    await r.executions.write(
      { id: xs[2]!.id, expect: ['completed'], change: { finishedAt: at(30) }, events: [] },
      at(30),
    );
    await r.executions.write(
      { id: xs[3]!.id, expect: ['completed'], change: { finishedAt: at(50) }, events: [] },
      at(50),
    );
    t.deepEqual(await bySource({ endedSince: at(40) }), [xs[3]!.id]);
    t.deepEqual(await bySource({ endedSince: at(30) }), [xs[3]!.id, xs[2]!.id]);
    t.deepEqual(await bySource({ endedSince: at(30), sourceId: sourceB }), [xs[2]!.id]);
    const pages = await allPages((c) => r.executions.list({}, 3, c));
    const flat = pages.flat();
    t.deepEqual(
      pages.map((p) => p.length),
      [3, 1],
    );
    t.true(
      flat.every(
        (x, i) =>
          i === 0 ||
          flat[i - 1]!.createdAt > x.createdAt ||
          (flat[i - 1]!.createdAt.getTime() === x.createdAt.getTime() && flat[i - 1]!.id > x.id),
      ),
    );
    t.is(new Set(flat.map((x) => x.id)).size, 4);
    t.deepEqual(
      itemsOf(await r.executions.list({ state: 'completed', profileName: 'special' }, 10, null)).map(
        (x) => x.id,
      ),
      [xs[3]!.id],
    );
    t.is(itemsOf(await r.executions.list({ projectModule: 'nope' }, 10, null)).length, 0);
    t.is(await r.executions.list({}, 3, 'Z2FyYmFnZQ'), 'bad_cursor');
  },
  'executions: a page stops before the execution whose sources would pass the bound, never empty': async (
    t,
    r,
  ) => {
    await uploaded(r);
    // Newest first: 6,000, 3,500, 1,000 (10,500 > 10,000), then 12,500 alone, then 1.
    const sizes = [6_000, 3_500, 1_000, 12_500, 1];
    const xs = sizes.map((n, i) =>
      execution({ createdAt: at(100 - i), sourceIds: Array.from({ length: n }, () => uuid()) }),
    );
    for (const x of xs) await r.executions.insert(x, ev(x.id));
    const pages = await allPages((c) => r.executions.list({}, 500, c));
    t.deepEqual(
      pages.map((p) => p.map((x) => x.sourceIds.length)),
      [[6_000, 3_500], [1_000], [12_500], [1]],
    );
    t.is(maxSourcesPerPage, 10_000);
  },
  'executions: a list by id prefix finds the ids that start with it, and only those': async (t, r) => {
    await uploaded(r);
    const ids = [
      'a91d699d-0000-4000-8000-000000000001',
      'a91d699d-ffff-4000-8000-000000000002',
      'a91d699e-0000-4000-8000-000000000003',
      'a91d699c-ffff-4fff-bfff-ffffffffffff',
    ];
    for (const id of ids) {
      const x = execution({ id });
      await r.executions.insert(x, ev(x.id));
    }
    const found = async (idPrefix: string) =>
      itemsOf(await r.executions.list({ idPrefix }, 10, null))
        .map((x) => x.id)
        .sort();
    t.deepEqual(await found('a91d699d'), [ids[0], ids[1]]);
    t.deepEqual(await found('a91d699d-f'), [ids[1]]);
    t.deepEqual(await found('a91d699d-0000-4000-8000-000000000001'), [ids[0]]);
    t.deepEqual(await found('a91d699e'), [ids[2]]);
    t.deepEqual(await found('a91d699b'), []);
  },
  'executions: a run reads the execution with its whole sources, in its order, in one read': async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['b-found', 'a-new', 'c-gone']);
    await discovered(r, ids['b-found']!, 's', { ok: true }, at(1));
    const e = execution({ sourceIds: [ids['b-found']!, ids['c-gone']!, ids['a-new']!] });
    await r.executions.insert(e, ev(e.id));
    t.is(await r.sources.delete(ids['c-gone']!, at(2), ev('x')), 'busy', 'held by the execution');
    const read = await r.executions.getWithSources(e.id);
    t.deepEqual(read?.execution, await r.executions.get(e.id));
    // Every field as the source repository reads it: metadata, flags, signatures and times.
    const byId = new Map((await r.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
    t.deepEqual(read?.sources, [
      byId.get(ids['b-found']!),
      byId.get(ids['c-gone']!),
      byId.get(ids['a-new']!),
    ]);
    t.is(read?.sources[0]?.metadata?.datasets.length, 1);
    t.is(await r.executions.getWithSources(uuid()), null);
  },
  "executions: the status read holds the execution and its sources' state, in its order": async (t, r) => {
    await uploaded(r);
    const ids = await sourcesNamed(r, ['b-found', 'a-new']);
    await discovered(r, ids['b-found']!, 's', { ok: true }, at(1));
    const e = execution({ sourceIds: [ids['b-found']!, ids['a-new']!] });
    await r.executions.insert(e, ev(e.id));
    const read = await r.executions.getWithSourceStates(e.id);
    t.is(read?.execution.id, e.id);
    t.deepEqual(
      read?.sources.map((s) => [
        s.sourceIdentifier,
        s.enabled,
        s.discoveryState,
        s.metadata?.datasets.length ?? null,
        s.discoveryFlags,
      ]),
      [
        ['b-found', true, 'done', 1, { ok: true }],
        ['a-new', true, 'never', null, {}],
      ],
    );
    t.is(await r.executions.getWithSourceStates(uuid()), null);
    // For admission: the same, and the project's runs in flight (a pending one does not count).
    await stored(r, execution({ state: 'running' }));
    await stored(r, execution({ state: 'completed' }));
    const adm = await r.executions.getForAdmission(e.id);
    t.deepEqual(adm?.sources, read?.sources);
    t.is(adm?.execution.id, e.id);
    t.is(adm?.inFlight, 1);
    t.is(await r.executions.getForAdmission(uuid()), null);
  },
  "admissions: automation's retry rule: it waits after a source's failed runs, longer each time, and stops at the most; new data starts afresh":
    async (t, r) => {
      await uploaded(r);
      await uploaded(r, 'h2', at(1));
      const names = [
        'once',
        'waited',
        'twice',
        'thrice',
        'samesig',
        'person',
        'oldver',
        'newdata',
        'cancelled',
      ];
      const ids = await sourcesNamed(r, [...names, 'multi-a', 'multi-b']);
      for (const id of Object.values(ids)) await discovered(r, id, 'a', {}, at(1));
      const failed = async (name: string | string[], end: number, over: Partial<Execution> = {}) => {
        const x = execution({
          configVersion: 2,
          sourceIds: (Array.isArray(name) ? name : [name]).map((n) => ids[n]!),
          state: 'failed',
          createdBy: 'scheduler',
          createdAt: at(end - 100),
          finishedAt: at(end),
          ...over,
        });
        await stored(r, x);
        return x.id;
      };
      await failed('once', 9_000);
      await failed('waited', 5_000);
      await failed('twice', 6_000);
      const twiceLast = await failed('twice', 7_000);
      for (const end of [2_000, 3_000, 4_000]) {
        await failed('thrice', end);
        await failed('samesig', end);
        await failed('person', end, { createdBy: 'tester' });
        await failed('oldver', end, { configVersion: 1 });
        await failed('newdata', end);
      }
      await failed('cancelled', 4_000, { state: 'cancelled' });
      await failed(['multi-a', 'multi-b'], 9_500);
      // Discovery again: new data for one (a fresh start), the same data for another (no change).
      await discovered(r, ids['newdata']!, 'b', {}, at(5_000));
      await discovered(r, ids['samesig']!, 'a', {}, at(5_000));
      const rule = retryRule({ max_failed_runs: 3, retry_wait_minutes: 30 }, 2, at(10_000));
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, [], 20, rule)).map((s) => s.sourceIdentifier).sort(),
        ['cancelled', 'newdata', 'oldver', 'person', 'waited'],
        'once and the multi pair wait 30 min, twice 60 min, thrice and samesig are held',
      );
      t.deepEqual(await r.admissions.failedRunsOf(ids['twice']!, 2), {
        count: 2,
        lastAt: at(7_000),
        lastExecutionId: twiceLast,
      });
      t.like(await r.admissions.failedRunsOf(ids['multi-b']!, 2), { count: 1, lastAt: at(9_500) });
      t.is(await r.admissions.failedRunsOf(ids['person']!, 2), null, "a person's runs do not count");
      t.deepEqual(
        (await r.admissions.failedRunsIn(module, 2)).map((x) => [x.sourceIdentifier, x.failed.count]).sort(),
        [
          ['multi-a', 1],
          ['multi-b', 1],
          ['once', 1],
          ['samesig', 3],
          ['thrice', 3],
          ['twice', 2],
          ['waited', 1],
        ],
      );
      t.is(
        await r.admissions.failedRunsOf(ids['newdata']!, 2),
        null,
        'runs before the new data do not count',
      );
      t.is(await r.admissions.failedRunsOf(ids['thrice']!, 1), null, 'another version counts its own');
      // An hour later the waits are over.
      const later = { ...rule, now: at(13_700) };
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, [], 20, later)).map((s) => s.sourceIdentifier).sort(),
        ['cancelled', 'multi-a', 'multi-b', 'newdata', 'oldver', 'once', 'person', 'twice', 'waited'],
      );
      // Told once per hold: the event is the record; a later failed run makes a new hold to tell.
      const untold = async () =>
        (await r.admissions.heldUntold(module, rule, 10))
          .map((h) => [h.sourceIdentifier, h.failed.count])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      t.deepEqual(await untold(), [
        ['samesig', 3],
        ['thrice', 3],
      ]);
      await r.events.append(ev(ids['thrice']!, sourceHeldKind), at(10_000));
      t.deepEqual(await untold(), [['samesig', 3]]);
      await failed('thrice', 11_000);
      t.deepEqual(await untold(), [
        ['samesig', 3],
        ['thrice', 4],
      ]);
    },
  'admissions: the sources automation may run are ready, changed and free; a page of sources says which need processing':
    async (t, r) => {
      await uploaded(r);
      const ids = await sourcesNamed(r, ['ready', 'flagless', 'processed', 'busy', 'undiscovered', 'off']);
      await discovered(r, ids['ready']!, 'a', { ok: true }, at(2));
      await discovered(r, ids['flagless']!, 'b', { ok: false }, at(1));
      await discovered(r, ids['processed']!, 'c', { ok: true }, at(1));
      await discovered(r, ids['busy']!, 'd', { ok: true }, at(1));
      await discovered(r, ids['off']!, 'e', { ok: true }, at(1));
      await r.sources.setEnabled(ids['off']!, false, at(3), ev('x'));
      const e = execution({ sourceIds: [ids['busy']!] });
      await r.executions.insert(e, ev(e.id));
      const done = execution({ state: 'completed' });
      await r.executions.insert(done, ev(done.id));
      await r.executions.write(
        {
          id: done.id,
          expect: ['completed'],
          change: {},
          events: [],
          markProcessed: [{ sourceId: ids['processed']!, signature: 'c' }],
        },
        at(4),
      );
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, ['ok'], 10, noRetries)).map((s) => s.sourceIdentifier),
        ['ready'],
      );
      t.deepEqual(
        (await r.admissions.sourcesToProcess(module, [], 10, noRetries)).map((s) => s.sourceIdentifier),
        ['flagless', 'ready'],
        'oldest discovery first',
      );
      // A page of sources says of each what the domain says of the whole source (the adapter may
      // compute it in its query).
      const page = await r.sources.list(module, {}, 10, null);
      if (page === 'bad_cursor') return t.fail();
      const whole = new Map((await r.sources.getMany(Object.values(ids))).map((s) => [s.id, s]));
      t.deepEqual(
        page.items.map((s) => viewSource(s)),
        page.items.map((s) => viewSource(summariseSource(whole.get(s.id)!))),
      );
      t.deepEqual(
        page.items.filter((s) => s.needsProcessing).map((s) => s.sourceIdentifier),
        ['busy', 'flagless', 'off', 'ready'],
      );
      // The filters select what the domain's rule selects, each alone and together, a page at a time.
      const listed = async (filter: SourceFilter) =>
        (await allPages((c) => r.sources.list(module, filter, 2, c))).flat().map((s) => s.sourceIdentifier);
      const filters: [SourceFilter, string[]][] = [
        [{ needsProcessing: true }, ['busy', 'flagless', 'off', 'ready']],
        [{ needsProcessing: false }, ['processed', 'undiscovered']],
        [{ enabled: false }, ['off']],
        [{ discoveryState: 'never' }, ['undiscovered']],
        [{ discoveryState: 'failed' }, []],
        [{ enabled: true, needsProcessing: true, discoveryState: 'done' }, ['busy', 'flagless', 'ready']],
        [{ enabled: true, identifierPrefix: 'b' }, ['busy']],
      ];
      for (const [filter, want] of filters) {
        t.deepEqual(await listed(filter), want, JSON.stringify(filter));
        t.deepEqual(
          want,
          [...whole.values()]
            .filter((s) => sourceMatches(filter, s))
            .map((s) => s.sourceIdentifier)
            .sort(),
          `the domain's rule agrees: ${JSON.stringify(filter)}`,
        );
      }
    },
  'sources: listed in code point order (UTF-8 bytes), and a prefix selects those that start with it, whatever characters it ends in':
    async (t, r) => {
      // U+D7FF is the last character before the surrogates, U+E000 the first after; U+FF01 is below
      // every character outside the BMP, which UTF-16 (JavaScript's <) puts first.
      const names = [
        'a',
        'ab',
        'a\u{1F600}',
        'a\uFF01',
        'b',
        'a\uD7FF',
        'a\uD7FFz',
        'a\uE000',
        'a\u{10FFFF}',
        'a\u{10FFFF}\u{10FFFF}',
        'a\u{10FFFF}x',
        '\u{10FFFF}',
      ];
      await sourcesNamed(r, names);
      const listed = async (filter: SourceFilter, size = 3) =>
        (await allPages((c) => r.sources.list(module, filter, size, c)))
          .flat()
          .map((s) => s.sourceIdentifier);
      const inOrder = [
        'a',
        'ab',
        'a\uD7FF',
        'a\uD7FFz',
        'a\uE000',
        'a\uFF01',
        'a\u{1F600}',
        'a\u{10FFFF}',
        'a\u{10FFFF}x',
        'a\u{10FFFF}\u{10FFFF}',
        'b',
        '\u{10FFFF}',
      ];
      t.deepEqual(await listed({}), inOrder);
      for (const prefix of ['a', 'a\uD7FF', 'a\u{10FFFF}', '\u{10FFFF}', 'a\uFF01', 'ab', 'abc', 'A'])
        t.deepEqual(
          await listed({ identifierPrefix: prefix }, 2),
          inOrder.filter((n) => n.startsWith(prefix)),
          `prefix ${JSON.stringify(prefix)}`,
        );
    },
  'artifacts: written under a held lease and listed by attempt': async (t, r) => {
    await uploaded(r);
    const e = execution();
    await r.executions.insert(e, ev(e.id));
    await r.queue.enqueue({ kind: 'execution.run', payload: {} }, t0);
    const [job] = await r.queue.claim('w', ['execution.run'], 1, 60, t0);
    const a = {
      executionId: e.id,
      attempt: 1,
      name: 'manifest.json',
      mediaType: 'application/json',
      sha256: 'ab',
      content: '{"é":1}',
    };
    t.is(await r.artifacts.saveArtifact(a, { ...job!.lease, token: job!.lease.token + 1 }, t0), 'lease_lost');
    t.is(await r.artifacts.saveArtifact(a, job!.lease, at(1)), 'ok');
    t.is(
      await r.artifacts.saveArtifact({ ...a, name: 'graph.json', content: '[]' }, job!.lease, at(2)),
      'ok',
    );
    t.is(await r.artifacts.artifact(e.id, 1, 'manifest.json'), '{"é":1}');
    t.is(await r.artifacts.artifact(e.id, 2, 'manifest.json'), null);
    t.deepEqual(
      (await r.artifacts.artifacts(e.id)).map((x) => [x.attempt, x.name, x.size, x.contentPrunedAt]),
      [
        [1, 'manifest.json', 8, null],
        [1, 'graph.json', 2, null],
      ],
    );
    // Several in one write: all under the fence, or none; a name written again is replaced.
    const more = [
      { ...a, name: 'translated.json', content: '[1]' },
      { ...a, name: 'graph.json', content: '[2, 3]' },
    ];
    t.is(
      await r.artifacts.saveArtifacts(more, { ...job!.lease, token: job!.lease.token + 1 }, at(3)),
      'lease_lost',
    );
    t.is(await r.artifacts.artifact(e.id, 1, 'translated.json'), null);
    t.is(await r.artifacts.saveArtifacts(more, job!.lease, at(4)), 'ok');
    t.is(await r.artifacts.artifact(e.id, 1, 'translated.json'), '[1]');
    t.is(await r.artifacts.artifact(e.id, 1, 'graph.json'), '[2, 3]');
    t.is((await r.artifacts.artifacts(e.id)).length, 3);
    // With a step's change, in the same write: stored only when the change is.
    const withStep = (expect: Execution['state'][], lease: NonNullable<typeof job>['lease']) =>
      r.executions.write(
        {
          id: e.id,
          expect,
          change: { error: 'x' },
          fence: lease,
          events: [],
          artifacts: [{ ...a, name: 'staged.json', content: '[4]' }],
        },
        at(5),
      );
    t.is(await withStep(['running'], job!.lease), 'state_changed');
    t.is(await withStep([e.state], { ...job!.lease, token: job!.lease.token + 1 }), 'lease_lost');
    t.is(await r.artifacts.artifact(e.id, 1, 'staged.json'), null);
    t.is(await withStep([e.state], job!.lease), 'ok');
    t.is(await r.artifacts.artifact(e.id, 1, 'staged.json'), '[4]');
    t.is((await r.executions.get(e.id))?.error, 'x');
  },
  'figures: counts by state, what ended since a time (newest failures first), what waits for admission':
    async (t, r) => {
      await uploaded(r);
      const xs = [
        execution({ state: 'completed', finishedAt: at(10) }),
        execution({ state: 'failed', finishedAt: at(20) }),
        execution({ state: 'failed', finishedAt: at(30) }),
        execution({ state: 'failed', finishedAt: at(1) }),
        execution({ state: 'pending', executeRequestedAt: at(5) }),
        execution({ state: 'pending', executeRequestedAt: at(50) }),
        execution({ state: 'pending' }),
      ];
      for (const x of xs) await stored(r, x);
      for (const [i, error] of [
        [1, 'boom'],
        [2, 'bang'],
      ] as const)
        await r.executions.write(
          { id: xs[i]!.id, expect: ['failed'], change: { error }, events: [] },
          at(40),
        );
      const counts = await r.executionFigures.countsByState();
      t.deepEqual(counts.map((c) => `${c.projectModule} ${c.state} ${c.count}`).sort(), [
        `${module} completed 1`,
        `${module} failed 3`,
        `${module} pending 3`,
      ]);
      // By the UTC hour they ended in: all four in the first hour after t0.
      const byHour = [...(await r.executionFigures.endedByHour(at(0)))].sort((a, b) =>
        a.state < b.state ? -1 : 1,
      );
      t.deepEqual(byHour, [
        { hour: t0, state: 'completed', count: 1 },
        { hour: t0, state: 'failed', count: 3 },
      ]);
      t.deepEqual(await r.executionFigures.endedByHour(at(3600)), []);
      const ended = await r.executionFigures.endedSince(at(5), null, 5);
      t.deepEqual(ended.byState, { completed: 1, failed: 2 });
      t.deepEqual(ended.failed, [
        { id: xs[2]!.id, projectModule: module, error: 'bang' },
        { id: xs[1]!.id, projectModule: module, error: 'boom' },
      ]);
      t.is((await r.executionFigures.endedSince(at(5), null, 1)).failed.length, 1);
      t.deepEqual(await r.executionFigures.endedSince(at(5), 'another_project', 5), {
        byState: {},
        failed: [],
      });
      t.deepEqual(await r.executionFigures.pendingSince(at(10), null, 5), {
        count: 1,
        sample: [{ id: xs[4]!.id, projectModule: module, since: at(5) }],
      });
      const all = await r.executionFigures.pendingSince(at(100), null, 1);
      t.is(all.count, 2);
      t.deepEqual(
        all.sample.map((x) => x.id),
        [xs[4]!.id],
      );
    },
  'usage: written once with the write that ends an attempt; spent splits runs at the range; in flight by shape; totals':
    async (t, r) => {
      await uploaded(r);
      const batch = (nodes: number, minutes: number) =>
        ({
          ...profile(),
          name: `b${nodes}`,
          deployment: {
            kind: 'batch_remote',
            num_nodes: nodes,
            job_duration_minutes: minutes,
            cpus_per_task: 4,
          },
        }) as never;
      const autoBatch = () =>
        ({
          ...profile(),
          name: 'auto',
          deployment: {
            kind: 'batch_remote',
            num_nodes: 3,
            job_duration_minutes: 'auto',
            job_duration_fallback_minutes: 12,
          },
        }) as never;
      const ended = execution({ state: 'running', submittedAt: at(0) });
      await stored(r, ended);
      const use = (over: Partial<AttemptUsage>): AttemptUsage => ({
        executionId: ended.id,
        attempt: 1,
        projectModule: module,
        profileName: 'dim',
        backend: 'batch_remote',
        outcome: 'completed',
        source: 'sacct',
        jobId: '42',
        submittedAt: at(0),
        startedAt: at(100),
        endedAt: at(500),
        queueSeconds: 100,
        runSeconds: 400,
        nodes: 2,
        cpus: 8,
        nodeSeconds: 800,
        cpuSeconds: 3200,
        maxRssBytes: 5 * 1024 ** 3,
        remoteState: 'COMPLETED',
        exitCode: '0:0',
        limitMinutes: 45,
        ...over,
      });
      const first = use({});
      t.is(
        await r.executions.write(
          { id: ended.id, expect: ['running'], change: { state: 'completed' }, events: [], usage: first },
          at(500),
        ),
        'ok',
      );
      // A write that does not apply stores no usage; a second one for the same attempt keeps the first.
      t.is(
        await r.executions.write(
          { id: ended.id, expect: ['running'], change: {}, events: [], usage: use({ attempt: 2 }) },
          at(501),
        ),
        'state_changed',
      );
      await r.executions.write(
        { id: ended.id, expect: ['completed'], change: {}, events: [], usage: use({ nodeSeconds: 1 }) },
        at(502),
      );
      t.deepEqual(await r.usage.ofExecution(ended.id), [first]);
      // Two more through writeMany: a failed run that never started (cancelled in the queue) and one
      // that failed after running.
      const [a, b] = [execution({ state: 'running' }), execution({ state: 'running' })];
      for (const x of [a, b]) await stored(r, x);
      const never = use({
        executionId: a!.id,
        outcome: 'cancelled',
        startedAt: null,
        endedAt: at(300),
        runSeconds: 0,
        nodeSeconds: 0,
        cpuSeconds: 0,
        maxRssBytes: null,
      });
      const failed = use({
        executionId: b!.id,
        outcome: 'failed',
        profileName: 'other',
        source: 'estimate',
        cpuSeconds: null,
        cpus: null,
        startedAt: at(400),
        endedAt: at(800),
        nodeSeconds: 400,
      });
      t.deepEqual(
        await r.executions.writeMany(
          [
            { id: a!.id, expect: ['running'], change: { state: 'cancelled' }, events: [], usage: never },
            { id: b!.id, expect: ['pending'], change: { state: 'failed' }, events: [], usage: failed },
          ],
          at(800),
        ),
        ['ok', 'state_changed'],
      );
      await r.executions.writeMany(
        [{ id: b!.id, expect: ['running'], change: { state: 'failed' }, events: [], usage: failed }],
        at(800),
      );
      t.deepEqual(await r.usage.ofExecution(a!.id), [never]);
      // [300, 600): the first run 200 of its 400 s (400 node-s), the failed one 200 of 400 (200).
      const spent = await r.usage.spent(module, at(300), at(600));
      t.is(Math.round(spent.nodeSeconds), 600);
      t.is(Math.round(spent.cpuSeconds), 1600);
      t.deepEqual(await r.usage.spent('another_project', at(0), at(1000)), { nodeSeconds: 0, cpuSeconds: 0 });
      const within = await r.usage.within(module, at(300), at(600), 2);
      t.deepEqual(
        within.rows.map((u) => u.executionId),
        [a!.id, ended.id],
      );
      t.true(within.more);
      t.is((await r.usage.within(null, at(801), at(900), 10)).rows.length, 0);
      const totals = [...(await r.usage.totals())].sort((x, y) => (x.outcome < y.outcome ? -1 : 1));
      t.deepEqual(totals, [
        { projectModule: module, profileName: 'dim', outcome: 'cancelled', nodeSeconds: 0, cpuSeconds: 0 },
        {
          projectModule: module,
          profileName: 'dim',
          outcome: 'completed',
          nodeSeconds: 800,
          cpuSeconds: 3200,
        },
        { projectModule: module, profileName: 'other', outcome: 'failed', nodeSeconds: 400, cpuSeconds: 0 },
      ]);
      // In flight: admitted and not ended, grouped by shape.
      for (const x of [
        execution({ state: 'running', profileSnapshot: batch(2, 60) }),
        execution({ state: 'queued', profileSnapshot: batch(2, 60) }),
        execution({ state: 'staging', profileSnapshot: batch(1, 30) }),
        execution({
          state: 'running',
          profileSnapshot: profile({ translation: { algo: 'metis', num_par: 3, num_islands: 0 } }),
        }),
        execution({ state: 'pending', profileSnapshot: batch(9, 9) }),
        // auto: the attempt's estimate once it has one (an earlier attempt's is not it), else the fallback.
        execution({
          state: 'running',
          attempt: 2,
          profileSnapshot: autoBatch(),
          runRecord: { walltime: { attempt: 2, minutes: 45, basis: 'b' } },
        }),
        execution({
          state: 'queued',
          attempt: 3,
          profileSnapshot: autoBatch(),
          runRecord: { walltime: { attempt: 2, minutes: 45, basis: 'b' } },
        }),
      ])
        await stored(r, x);
      const shapes = [...(await r.usage.inFlight(module))].sort(
        (x, y) => y.count - x.count || x.nodes - y.nodes || (x.minutes ?? 1e9) - (y.minutes ?? 1e9),
      );
      t.deepEqual(shapes, [
        { kind: 'batch_remote', nodes: 2, minutes: 60, cpusPerTask: 4, count: 2 },
        { kind: 'batch_remote', nodes: 1, minutes: 30, cpusPerTask: 4, count: 1 },
        { kind: 'batch_remote', nodes: 3, minutes: 12, cpusPerTask: null, count: 1 },
        { kind: 'batch_remote', nodes: 3, minutes: 45, cpusPerTask: null, count: 1 },
        { kind: 'rest_remote', nodes: 3, minutes: null, cpusPerTask: null, count: 1 },
      ]);
    },
  "usage: the sources of executions, by identifier, for splitting a grouped run's usage; an execution not stored is absent":
    async (t, r) => {
      await uploaded(r);
      const ids = await sourcesNamed(r, ['HIPASSJ0002-01', 'HIPASSJ0001-01', 'HIPASSJ0003-01']);
      const grouped = execution({ sourceIds: Object.values(ids) });
      const alone = execution({ sourceIds: [ids['HIPASSJ0003-01']!] });
      for (const x of [grouped, alone]) await stored(r, x);
      const missing = uuid();
      const got = await r.usage.sourcesOf([grouped.id, alone.id, missing]);
      t.deepEqual(got.get(grouped.id), ['HIPASSJ0001-01', 'HIPASSJ0002-01', 'HIPASSJ0003-01']);
      t.deepEqual(got.get(alone.id), ['HIPASSJ0003-01']);
      t.false(got.has(missing));
      t.is((await r.usage.sourcesOf([])).size, 0);
    },
  "usage: a walltime's history is a batch profile's newest runs in a project that completed or reached their limit":
    async (t, r) => {
      await uploaded(r);
      const ran = async (i: number, sources: number, over: Partial<AttemptUsage>): Promise<void> => {
        const x = execution({
          state: 'running',
          sourceIds: Array.from({ length: sources }, () => uuid()),
        });
        await stored(r, x);
        const usage: AttemptUsage = {
          executionId: x.id,
          attempt: 1,
          projectModule: module,
          profileName: 'auto',
          backend: 'batch_remote',
          outcome: 'completed',
          source: 'sacct',
          jobId: String(i),
          submittedAt: at(i),
          startedAt: at(i),
          endedAt: at(i + 100),
          queueSeconds: 0,
          runSeconds: 100 + i,
          nodes: 1,
          cpus: 1,
          nodeSeconds: 100,
          cpuSeconds: 100,
          maxRssBytes: null,
          remoteState: 'COMPLETED',
          exitCode: '0:0',
          limitMinutes: 10,
          ...over,
        };
        t.is(
          await r.executions.write(
            {
              id: x.id,
              expect: ['running'],
              change: { state: over.outcome ?? 'completed' },
              events: [],
              usage,
            },
            at(i + 100),
          ),
          'ok',
        );
      };
      await ran(1, 2, {});
      await ran(2, 3, { outcome: 'failed', remoteState: 'TIMEOUT', limitMinutes: 7 });
      await ran(3, 1, { outcome: 'failed', remoteState: 'timeout' });
      await ran(4, 1, { outcome: 'failed', remoteState: 'FAILED' });
      await ran(5, 1, { outcome: 'cancelled', remoteState: 'CANCELLED' });
      await ran(6, 1, { profileName: 'other' });
      await ran(7, 1, { backend: 'rest_remote', limitMinutes: null });
      await ran(8, 4, { limitMinutes: null });
      t.deepEqual(await r.usage.walltimeHistory(module, 'auto', 10), [
        { runSeconds: 108, sources: 4, timedOut: false, limitMinutes: null },
        { runSeconds: 103, sources: 1, timedOut: true, limitMinutes: 10 },
        { runSeconds: 102, sources: 3, timedOut: true, limitMinutes: 7 },
        { runSeconds: 101, sources: 2, timedOut: false, limitMinutes: 10 },
      ]);
      t.is((await r.usage.walltimeHistory(module, 'auto', 2)).length, 2);
      t.deepEqual(await r.usage.walltimeHistory('another_project', 'auto', 10), []);
    },
  'events: read per project or subject, oldest or newest first, a page at a time; cursors are checked, each of its order':
    async (t, r) => {
      for (let i = 0; i < 5; i++) await r.events.append(ev(i % 2 === 0 ? 'even' : 'odd'), at(i));
      await r.events.append({ ...ev('even'), projectModule: 'elsewhere' }, at(9));
      const stream = { kind: 'project', projectModule: module } as const;
      const times = (pages: { createdAt: Date }[][]) =>
        pages.map((p) => p.map((e) => e.createdAt.getTime() - t0.getTime()));
      const pages = await allPages((c) => r.events.read(stream, 2, c));
      t.deepEqual(times(pages), [[0, 1000], [2000, 3000], [4000]]);
      const newest = await allPages((c) => r.events.read(stream, 2, c, 'newest'));
      t.deepEqual(times(newest), [[4000, 3000], [2000, 1000], [0]]);
      const oldestCursor = (await r.events.read(stream, 2, null)).nextCursor;
      const newestCursor = (await r.events.read(stream, 2, null, 'newest')).nextCursor;
      t.true(r.events.isCursor(oldestCursor) && r.events.isCursor(newestCursor, 'newest'));
      t.false(r.events.isCursor(oldestCursor, 'newest'), "a cursor of one order is not the other's");
      t.false(r.events.isCursor(newestCursor, 'oldest'));
      const even = await r.events.read(
        { kind: 'subject', subjectType: 'source', subjectId: 'even' },
        10,
        null,
      );
      t.is(even.items.length, 4);
      t.deepEqual(even.items[0]?.payload, { n: 1 });
      t.true(r.events.isCursor(null));
      t.false(r.events.isCursor('Z2FyYmFnZQ'));
    },
  'maintenance: ended, settled, old executions go with their events; unsettled ones stay; the account audit goes by its own days; a dry run changes nothing':
    async (t, r) => {
      await uploaded(r);
      const old = execution({ state: 'completed', finishedAt: at(0) });
      const unsettled = execution({ state: 'failed', finishedAt: at(0), schedulerJobId: 'job-1' });
      const recent = execution({ state: 'completed', finishedAt: at(300 * day) });
      for (const x of [old, unsettled, recent]) await stored(r, x);
      // Account events 400 and 250 days old: past the events' 200 days, only the first past 300.
      const [gone, kept250] = [account('aged-out', 'viewer'), account('kept-on', 'viewer')];
      await r.events.append(userCreatedEvent(gone, 'host:root'), at(0));
      await r.events.append(userCreatedEvent(kept250, 'host:root'), at(150 * day));
      const now = at(400 * day);
      const policy = {
        eventsDays: 200,
        accountEventsDays: 300,
        executionsDays: 200,
        artifactsDays: 0,
        finishedJobsDays: 0,
        deadJobsDays: 0,
        configVersionsKept: 0,
        alertDeliveriesDays: 0,
      };
      const dry = await r.maintenance.prune(now, policy, { dryRun: true });
      t.is(dry.executions, 1);
      t.is(dry.accountEvents, 1);
      t.not(await r.executions.get(old.id), null, 'a dry run deletes nothing');
      t.deepEqual(await r.maintenance.prune(now, policy), dry, 'a dry run counts what a prune does');
      t.is(await r.executions.get(old.id), null);
      t.not(await r.executions.get(unsettled.id), null);
      t.not(await r.executions.get(recent.id), null);
      t.is(await r.maintenance.heldUnsettled(now, policy), 1);
      const left = await r.events.read(
        { kind: 'subject', subjectType: 'execution', subjectId: old.id },
        10,
        null,
      );
      t.deepEqual(left.items, [], "a pruned execution's old events go");
      const kept = await r.events.read(
        { kind: 'subject', subjectType: 'execution', subjectId: unsettled.id },
        10,
        null,
      );
      t.is(kept.items.length, 1, 'a stored execution keeps its events');
      t.deepEqual(
        (await r.events.read({ kind: 'accounts' }, 10, null)).items.map((e) => e.subjectId),
        ['kept-on'],
        'the audit keeps what its own days keep',
      );
    },
  'alerts: events fill the outbox as they are recorded; dispatch applies the cooldown; prune takes ended deliveries':
    async (t, r) => {
      const channel: NotificationChannel = {
        id: uuid(),
        name: 'hook',
        description: '',
        enabled: true,
        settings: { kind: 'webhook', format: 'json', target: 'https://hooks.example.org' },
        sealedSecrets: 'v1.sealed',
        version: 1,
        createdAt: t0,
        updatedAt: t0,
      };
      t.is(await r.alerts.insertChannel(channel), 'ok');
      const rule: AlertRule = {
        id: uuid(),
        name: 'failures',
        enabled: true,
        projectModule: module,
        conditions: { kind: 'execution_ended', states: ['failed'], profile_name: null },
        channelIds: [channel.id],
        cooldownMinutes: 60,
        version: 1,
        createdAt: t0,
        updatedAt: t0,
      };
      t.is(await r.alerts.insertRule(rule, ['execution.failed']), 'ok');
      const x = uuid();
      const record = (kind: string, project = module, when = t0) =>
        r.events.append({ ...ev(x, kind, 'execution'), projectModule: project }, when);
      const plan = (fired: readonly FiredEvent[]): PlannedDelivery[] =>
        fired.map((f) => ({
          id: uuid(),
          rule: f.rule,
          channelId: channel.id,
          dedupKey: `${f.event.kind}:${f.event.subjectId}`,
          message: {
            type: 'alert',
            subject: f.event.kind,
            text: '',
            rule: null,
            details: {},
            occurred_at: f.event.createdAt.toISOString(),
          },
        }));
      await record('execution.failed');
      await record('execution.completed');
      await record('execution.failed', 'another_project');
      t.like(await r.deliveries.dispatchOutbox(10, t0, plan), { taken: 1, created: 1, suppressed: 0 });
      t.like(await r.deliveries.dispatchOutbox(10, t0, plan), { taken: 0, created: 0 });
      await record('execution.failed', module, at(60));
      t.like(await r.deliveries.dispatchOutbox(10, at(60), plan), { taken: 1, created: 0, suppressed: 1 });
      await record('execution.failed', module, at(2 * 3600));
      t.like(await r.deliveries.dispatchOutbox(10, at(2 * 3600), plan), { taken: 1, created: 1 });
      // A disabled rule fires nothing.
      t.is(
        await r.alerts.replaceRule({ ...rule, enabled: false, version: 2 }, ['execution.failed'], 1),
        'ok',
      );
      await record('execution.failed', module, at(3 * 3600));
      t.like(await r.deliveries.dispatchOutbox(10, at(3 * 3600), plan), { taken: 0 });
      const page = await r.deliveries.pageDeliveries({ ruleId: rule.id }, 10, null);
      if (page === 'bad_cursor') throw new Error('bad cursor');
      t.deepEqual(
        page.items.map((d) => [d.state, d.suppressed, d.createdAt.toISOString()]),
        [
          ['pending', 0, at(2 * 3600).toISOString()],
          ['pending', 1, t0.toISOString()],
        ],
      );
      // Each delivery's job is queued; a delivery whose job ended unsettled is failed.
      t.is(await r.deliveries.failAbandoned(at(4 * 3600)), 0);
      const [job] = await r.queue.claim('w', ['alert.deliver'], 1, 60, at(4 * 3600));
      t.truthy(job);
      await r.queue.fail(job!.lease, 'gone', null, at(4 * 3600));
      t.is(await r.deliveries.failAbandoned(at(4 * 3600)), 1);
      // A channel rules send to is kept; ended deliveries go after the retention.
      t.deepEqual(await r.alerts.deleteChannel(channel.id), { usedBy: ['failures'] });
      const prune = (days: number) =>
        r.maintenance.prune(at(40 * day), {
          eventsDays: 0,
          accountEventsDays: 0,
          executionsDays: 0,
          artifactsDays: 0,
          finishedJobsDays: 0,
          deadJobsDays: 0,
          configVersionsKept: 0,
          alertDeliveriesDays: days,
        });
      t.is((await prune(60)).alertDeliveries, 0);
      t.is((await prune(30)).alertDeliveries, 1);
    },
};

/** Registers every rule as a test of `label`'s repositories. */
export const runRepositoryContract = (
  test: (name: string, fn: (t: ExecutionContext) => Promise<void>) => void,
  label: string,
  make: RepositoriesFactory,
) => {
  for (const [name, rule] of Object.entries(repositoryContract))
    test(`${label}: ${name}`, async (t) => {
      const { repos, done } = await make();
      t.teardown(done);
      await rule(t, repos);
    });
};
