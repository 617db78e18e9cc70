// The restore check on the memory tables: a new copy of the database is reconciled with the
// backend before it is settled; the latest attempt found is adopted, nothing found leaves the run
// alone, a failed lookup is unknown (the copy stays unsettled), and a dry run changes nothing.
import test from 'ava';
import { MemoryDatabaseIdentity } from '../../adapters/memory/databaseIdentity.js';
import { mockBackends } from '../../adapters/mock/backend.js';
import { ManualClock } from '../../adapters/memory/clock.js';
import type { DeploymentBackends, Submission } from '../../core/ports/DeploymentBackend.js';
import { restoreCheck } from '../../core/usecases/maintenance/restoreGate.js';
import { admin, createOf, prepared, right, stateOf } from '../support/harnessProject.js';

/**
 * Mock backends whose `find` answers from `known` (name -> job id), throws for `failing`, and
 * records each lookup; `together`: they find many names at once (`findAll`), as Slurm's does.
 */
const finding = (known: Map<string, string>, failing: Set<string>, together = false) => {
  const base = mockBackends(new ManualClock(), 1000);
  const asked: string[][] = [];
  const answer = (names: readonly string[]) => {
    asked.push([...names]);
    if (names.some((n) => failing.has(n)))
      throw new Error('ssh: connection refused, so whether it exists is unknown');
    const found = new Map<string, Submission>();
    for (const name of names) {
      const job = known.get(name);
      if (job) found.set(name, { schedulerJobId: job, runRecord: { adopted: true }, debug: {} });
    }
    return found;
  };
  const backends: DeploymentBackends = {
    get: (kind) => {
      const b = base.get(kind);
      return Object.assign(Object.create(b) as typeof b, {
        find: async (_p: unknown, name: string) => answer([name]).get(name) ?? null,
        ...(together ? { findAll: async (_p: unknown, names: readonly string[]) => answer(names) } : {}),
      });
    },
  };
  return { backends, asked };
};

/** The restore check's ports: the harness's executions, `backends`, `identity`. */
const checkDeps = (
  h: Awaited<ReturnType<typeof prepared>>['h'],
  backends: DeploymentBackends,
  identity: MemoryDatabaseIdentity,
) => ({
  identity,
  executions: h.ports.executions,
  backends,
  clock: h.clock,
  pollSpacing: { rest_remote: 1, batch_remote: 1 },
});

const setUp = async () => {
  const { h, module } = await prepared([
    'HIPASSJ0001-23',
    'HIPASSJ0002-23',
    'HIPASSJ0003-23',
    'HIPASSJ0004-23',
  ]);
  const ids: string[] = [];
  for (const s of ['HIPASSJ0001-23', 'HIPASSJ0002-23', 'HIPASSJ0003-23']) {
    const id = await createOf(h, module, s);
    right(await h.executions.execute(id, {}, admin.username));
    ids.push(id);
  }
  // Created, never asked to run: it may have been since the backup, so it is looked up too.
  ids.push(await createOf(h, module, 'HIPASSJ0004-23'));
  return { h, ids };
};

for (const together of [false, true])
  test(`a new copy: the latest attempt found is adopted, the others left alone, then the copy is settled${together ? ' (names found many at once)' : ''}`, async (t) => {
    const { h, ids } = await setUp();
    const [ran, retried, none, pending] = ids as [string, string, string, string];
    const known = new Map([
      [`surveyor-${ran}-a1`, 'dim-1'],
      // Ran after the backup, failed, and was retried: attempt 2 is the one that counts.
      [`surveyor-${retried}-a1`, 'dim-2'],
      [`surveyor-${retried}-a2`, 'dim-3'],
      [`surveyor-${pending}-a1`, 'dim-4'],
    ]);
    const { backends, asked } = finding(known, new Set(), together);
    const identity = new MemoryDatabaseIdentity();
    const deps = checkDeps(h, backends, identity);
    const same = await restoreCheck(deps, { force: false, dryRun: false, attempts: 3 });
    t.deepEqual(same, { differs: [], recordedAt: new Date(0).toISOString(), report: null, settled: true });
    t.deepEqual(asked, [], 'the copy it was settled on is not reconciled');

    identity.restored();
    const dry = await restoreCheck(deps, { force: false, dryRun: true, attempts: 3 });
    t.deepEqual(dry.differs, ['copy']);
    t.is(dry.report!.adopted.length, 3);
    t.is(await stateOf(h, ran), 'queued', 'a dry run changes nothing');
    t.deepEqual((await identity.compare()).differs, ['copy'], 'nor settles the copy');

    const r = await restoreCheck(deps, { force: false, dryRun: false, attempts: 3 });
    t.true(r.settled);
    t.is(r.report!.checked, 4);
    // One lookup for all 12 names where the backend finds many at once; else one for each.
    t.deepEqual(
      asked.slice(-(together ? 1 : 12)).map((names) => names.length),
      together ? [12] : Array<number>(12).fill(1),
    );
    t.is(r.report!.nothing_found, 1);
    const adopted = Object.fromEntries(r.report!.adopted.map((a) => [a.execution_id, a]));
    t.like(adopted[ran], {
      attempt: 1,
      scheduler_job_id: 'dim-1',
      from_state: 'queued',
      earlier_attempts_found: [],
    });
    t.like(adopted[retried], { attempt: 2, scheduler_job_id: 'dim-3', earlier_attempts_found: [1] });
    t.like(adopted[pending], { attempt: 1, from_state: 'pending' });
    for (const id of [ran, retried, pending]) t.is(await stateOf(h, id), 'running');
    t.is(await stateOf(h, none), 'queued', 'nothing found: it runs as usual');
    const e = right(await h.executions.get(retried));
    t.is(e.attempt, 2);
    t.is(e.scheduler_job_id, 'dim-3');
    const events = right(await h.executions.events(retried)).items.filter(
      (x) => x.kind === 'execution.submitted',
    );
    t.like(events[0]!.payload, { attempt: 2, adopted: true, after_restore: true, from_attempt: 1 });
    t.deepEqual((await identity.compare()).differs, [], 'settled: the next process goes straight on');
  });

test('a lookup that fails leaves the copy unsettled and the execution as it was', async (t) => {
  const { h, ids } = await setUp();
  const [ran, , unreachable] = ids as [string, string, string, string];
  const { backends } = finding(
    new Map([[`surveyor-${ran}-a1`, 'dim-1']]),
    new Set([`surveyor-${unreachable}-a1`]),
  );
  const identity = new MemoryDatabaseIdentity();
  identity.restored();
  const deps = checkDeps(h, backends, identity);
  const r = await restoreCheck(deps, { force: false, dryRun: false, attempts: 2 });
  t.false(r.settled);
  t.deepEqual(
    r.report!.unknown.map((u) => [u.execution_id, u.external_name]),
    [[unreachable, `surveyor-${unreachable}-a1`]],
  );
  t.regex(r.report!.unknown[0]!.error, /unknown/);
  t.is(await stateOf(h, unreachable), 'queued');
  t.is(await stateOf(h, ran), 'running', 'what could be looked up is adopted');
  t.deepEqual((await identity.compare()).differs, ['copy'], 'the copy is not settled: workers wait');
});

test('names found many at once: a failed lookup leaves every execution in it unknown, and the copy unsettled', async (t) => {
  const { h, ids } = await setUp();
  const [ran, , unreachable] = ids as [string, string, string, string];
  const { backends, asked } = finding(
    new Map([[`surveyor-${ran}-a1`, 'dim-1']]),
    new Set([`surveyor-${unreachable}-a1`]),
    true,
  );
  const identity = new MemoryDatabaseIdentity();
  identity.restored();
  const r = await restoreCheck(checkDeps(h, backends, identity), {
    force: false,
    dryRun: false,
    attempts: 2,
  });
  t.is(asked.length, 1, 'one lookup for the four executions');
  t.false(r.settled);
  t.deepEqual(r.report!.unknown.map((u) => u.execution_id).sort(), [...ids].sort());
  t.deepEqual(r.report!.adopted, []);
  t.is(await stateOf(h, ran), 'queued', 'unknown, so not adopted: the copy waits for a lookup that answers');
});
