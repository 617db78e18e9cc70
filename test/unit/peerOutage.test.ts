// A run through an outage of a peer it needs (core/domain/peerOutage.ts), and in the harness: it
// waits past the queue's retries with no attempt spent, goes on when the peer answers, and fails
// once the outage outlasts the wait.
import test from 'ava';
import { outageBlocker, outageStep } from '../../core/domain/peerOutage.js';
import { PeerUnavailable } from '../../core/domain/job.js';
import type { StagedFile } from '../../core/domain/manifest.js';
import type { StageProgress, StageRequest, Stager } from '../../core/ports/Stager.js';
import type { Archive } from '../../core/ports/Archive.js';
import { MockArchive } from '../../adapters/mock/archive.js';
import { MockStager } from '../../adapters/mock/stager.js';
import { MockTranslator } from '../../adapters/mock/translator.js';
import { admin, createOf, prepared, right, stateOf } from '../support/harnessProject.js';

const t0 = new Date('2026-11-27T00:00:00Z');
const sec = (s: number) => new Date(t0.getTime() + s * 1000);
const policy = { waitMinutes: 60, recheckSeconds: 300 };
const run = (record: Record<string, unknown> = {}, attempt = 1) => ({
  runRecord: record,
  attempt,
  archiveName: 'casda',
  profileSnapshot: { name: 'slurm-remote' } as never,
  state: 'staging' as const,
});

test('an outage is waited through from its first look, looked at every recheck, and given up at its end', (t) => {
  const first = outageStep(run(), 'archive', 'connection refused', t0, policy);
  if (first.kind !== 'wait') return t.fail();
  t.true(first.first);
  t.deepEqual(first.recheckAt, sec(300));
  t.deepEqual(first.givesUpAt, sec(3600));
  const later = outageStep(run({ peer_outage: first.outage }), 'archive', 'HTTP 503', sec(300), policy);
  if (later.kind !== 'wait') return t.fail();
  t.false(later.first, 'the same outage');
  t.is(later.outage.since, t0.toISOString());
  t.is(later.outage.error, 'HTTP 503');
  // Looks every recheck, as the deferred job makes them: the last one is at the end, then it gives up.
  let outage = later.outage;
  for (let at = 600; at <= 3300; at += 300) {
    const look = outageStep(run({ peer_outage: outage }), 'archive', 'x', sec(at), policy);
    if (look.kind !== 'wait') return t.fail(`gave up at ${at}`);
    outage = look.outage;
  }
  t.like(outageStep(run({ peer_outage: outage }), 'archive', 'x', sec(3500), policy), {
    kind: 'wait',
    recheckAt: sec(3600),
  });
  t.deepEqual(outageStep(run({ peer_outage: outage }), 'archive', 'x', sec(3600), policy), {
    kind: 'give_up',
    minutes: 60,
  });
  // Seen back in between (no look for more than three rechecks): a new outage, told again.
  t.like(outageStep(run({ peer_outage: later.outage }), 'archive', 'x', sec(300 + 901), policy), {
    kind: 'wait',
    first: true,
  });
  t.like(outageStep(run({ peer_outage: later.outage }, 2), 'archive', 'x', sec(310), policy), {
    first: true,
  });
  t.deepEqual(outageStep(run(), 'archive', 'x', t0, { ...policy, waitMinutes: 0 }), {
    kind: 'give_up',
    minutes: 0,
  });
  t.regex(
    outageBlocker(run({ peer_outage: later.outage }), sec(400), policy) ?? '',
    /^archive casda has not answered since 2026-11-27T00:00:00.000Z \(HTTP 503\); the run looks again every 300 s and fails at 2026-11-27T01:00:00.000Z$/,
  );
  t.is(
    outageBlocker({ ...run({ peer_outage: later.outage }), state: 'translating' } as never, sec(400), policy),
    null,
  );
});

/** The mock stager, behind an archive that does not answer until `back` (simulated time). */
const downUntil = (now: () => Date, back: Date): Stager => {
  const mock = new MockStager();
  return {
    reusable: (req, previous) => mock.reusable(req, previous),
    stage: (req: StageRequest, progress: StageProgress, signal?: AbortSignal): Promise<StagedFile> =>
      now() < back
        ? Promise.reject(new PeerUnavailable('archive', 'archive casda: connect ECONNREFUSED'))
        : mock.stage(req, progress, signal),
  };
};

test('a run waits through an archive down for two hours, spending no attempt, and completes once it answers', async (t) => {
  // The harness's clock, once there is a harness (the stager is one of its ports).
  let clock = () => new Date(0);
  const stager = downUntil(() => clock(), new Date('2026-01-01T02:00:00Z'));
  const { h, module } = await prepared(['HIPASSJ0001-23'], undefined, { ports: { stager } });
  clock = () => h.clock.now();
  const id = await createOf(h, module, 'HIPASSJ0001-23');
  right(await h.executions.execute(id, {}, admin.username));
  await h.advance(3600, 30);
  t.is(await stateOf(h, id), 'staging', 'waiting, not failed, after its retries');
  const status = right(await h.executions.status(id));
  t.true(
    status.blocked_by.some((b) => /^archive casda has not answered since .*ECONNREFUSED/.test(b)),
    status.blocked_by.join(),
  );
  await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 7200 });
  const e = right(await h.executions.get(id));
  t.is(e.attempt, 1);
  const kinds = right(await h.executions.events(id)).items.map((x) => x.kind);
  t.is(kinds.filter((k) => k === 'execution.waiting_on_outage').length, 1, 'told once');
  t.true(kinds.includes('execution.completed'));
});

test('a run whose archive outage outlasts the wait fails, saying how long it waited', async (t) => {
  let clock = () => new Date(0);
  const stager = downUntil(() => clock(), new Date('2026-01-01T05:00:00Z'));
  const { h, module } = await prepared(['HIPASSJ0001-23'], undefined, {
    ports: { stager },
    settings: { SERVICE_OUTAGE_WAIT_MINUTES: '30', SERVICE_OUTAGE_RECHECK_SECONDS: '60' },
  });
  clock = () => h.clock.now();
  const id = await createOf(h, module, 'HIPASSJ0001-23');
  right(await h.executions.execute(id, {}, admin.username));
  await h.until(async () => (await stateOf(h, id)) === 'failed', { maxSeconds: 7200 });
  const e = right(await h.executions.get(id));
  t.regex(
    e.error ?? '',
    /^archive casda did not answer for 30 minutes \(SERVICE_OUTAGE_WAIT_MINUTES 30\): archive casda: connect ECONNREFUSED/,
  );
});

test('a run waits through a translator that is down, and is translated and submitted once it answers', async (t) => {
  let clock = () => new Date(0);
  const back = new Date('2026-01-01T01:00:00Z');
  const translator = new MockTranslator();
  const partition = translator.partition.bind(translator);
  translator.partition = (...args) =>
    clock() < back
      ? Promise.reject(new PeerUnavailable('translator', 'POST http://tm.example.org/gen_pgt: ECONNREFUSED'))
      : partition(...args);
  const { h, module } = await prepared(['HIPASSJ0001-23'], undefined, { ports: { translator } });
  clock = () => h.clock.now();
  const id = await createOf(h, module, 'HIPASSJ0001-23');
  right(await h.executions.execute(id, {}, admin.username));
  await h.advance(1800, 30);
  t.is(await stateOf(h, id), 'translating');
  const status = right(await h.executions.status(id));
  t.true(
    status.blocked_by.some((b) => /^the translator of profile mock-dim has not answered since /.test(b)),
    status.blocked_by.join(),
  );
  await h.until(async () => (await stateOf(h, id)) === 'completed', { maxSeconds: 7200 });
  t.is(right(await h.executions.get(id)).attempt, 1);
  const events = right(await h.executions.events(id)).items;
  const told = events.filter((x) => x.kind === 'execution.waiting_on_outage');
  t.is(told.length, 1);
  t.like(told[0]!.payload, {
    step: 'translating',
    peer: 'translator',
    what: 'the translator of profile mock-dim',
  });
});

/** The mock archive, answering no query until `back` (simulated time). */
const archiveDownUntil = (now: () => Date, back: Date): Archive => {
  const mock = new MockArchive();
  return {
    query: (q) =>
      now() < back
        ? Promise.reject(new PeerUnavailable('archive', 'archive casda: HTTP 503 Service Unavailable'))
        : mock.query(q),
    access: (name, archive, links) =>
      now() < back
        ? Promise.reject(new PeerUnavailable('archive', 'archive casda: HTTP 503 Service Unavailable'))
        : mock.access(name, archive, links),
    ping: (name, archive) => mock.ping(name, archive),
  };
};

/** The harness's sources after a discovery asked for at its start, with the archive back at `back`. */
const discoveredThrough = async (back: string) => {
  let clock = () => new Date(0);
  const archive = archiveDownUntil(() => clock(), new Date(back));
  const identifiers = ['HIPASSJ0001-23', 'HIPASSJ0002-24'];
  const { h, ids } = await prepared(identifiers, undefined, { ports: { archive } });
  clock = () => h.clock.now();
  const settled = async () =>
    (
      await Promise.all(identifiers.map(async (i) => right(await h.sources.status(ids[i]!)).discovery_state))
    ).every((s) => s === 'done' || s === 'failed');
  await h.until(settled, { maxSeconds: 600 });
  return Promise.all(
    identifiers.map(async (i) => ({
      source: right(await h.sources.status(ids[i]!)),
      events: right(await h.sources.events(ids[i]!)).items.map((e) => e.kind),
    })),
  );
};

test('discovery while the archive does not answer for a few seconds is tried again: no source failed', async (t) => {
  // The harness starts at 2026-01-01T00:00:00Z; the queue's retries of the batch span about 75 s.
  for (const { source, events } of await discoveredThrough('2026-01-01T00:00:20Z')) {
    t.is(source.discovery_state, 'done', source.discovery_error ?? '');
    t.false(events.includes('source.discovery_failed'));
    t.true(events.includes('source.discovered'));
  }
});

test("discovery through an archive outage longer than the batch's retries records its sources failed, with the archive's words", async (t) => {
  for (const { source, events } of await discoveredThrough('2026-01-01T01:00:00Z')) {
    t.is(source.discovery_state, 'failed');
    t.regex(source.discovery_error ?? '', /HTTP 503 Service Unavailable/);
    t.is(events.filter((k) => k === 'source.discovery_failed').length, 1, 'one failure, on the last try');
  }
});
