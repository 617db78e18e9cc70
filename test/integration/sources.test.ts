// Sources over HTTP: bulk registration idempotent with a result per item in order, pages by
// identifier, filters, a disabled source never discovered, and a misspelt or unconfigured project
// refused with the name it is near.
import { Writable } from 'node:stream';
import test from 'ava';
import type { Clock } from '../../core/ports/Clock.js';
import type { JobHandler } from '../../core/ports/JobHandler.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';
import { SecretRegistry } from '../../core/redaction.js';
import { discoveryTick } from '../../core/usecases/discovery/discoveryTick.js';
import { createLogger } from '../../adapters/log/logger.js';
import { appOf, sourceDeps, TYPES } from '../../hosts/composition/composition.js';
import { QueueConsumer } from '../../hosts/worker/consumer.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { wallabyYaml as example } from '../support/examples.js';

let api: TestApi;
let op: string;
let consumer: QueueConsumer;
test.before(async () => {
  api = await startTestApi();
  op = await api.tokenFor('op', 'operator');
  await api.uploadConfig(example, op);
  const c = api.container;
  consumer = new QueueConsumer(
    {
      queue: c.get<JobQueue>(TYPES.Queue),
      clock: c.get<Clock>(TYPES.Clock),
      random: c.get<Random>(TYPES.Random),
      log: createLogger('silent', new SecretRegistry(), new Writable({ write: (_c, _e, cb) => cb() })),
      handlers: c.get<readonly JobHandler[]>(TYPES.JobHandlers),
    },
    {
      workerId: 'test',
      concurrency: 2,
      leaseSeconds: 30,
      idlePollSeconds: 0.2,
      retry: { baseSeconds: 1, capSeconds: 2 },
    },
  );
  consumer.start();
});
test.after.always(async () => {
  await consumer?.stop(1000);
  await api?.close();
});

const call = (method: string, path: string, body?: unknown) => api.call(method, path, { token: op, body });
const bulk = (ids: string[]) =>
  call('POST', '/sources/bulk', {
    project_module: 'wallaby_hires',
    sources: ids.map((source_identifier) => ({ source_identifier })),
  });
type Status = {
  discovery_state: string;
  ready: boolean;
  blocked_by: string[];
  discovery_flags: Record<string, unknown>;
  metadata: { datasets: unknown[] } | null;
  discovery_error: string | null;
};
const status = async (uuid: string) => (await call('GET', `/sources/${uuid}/status`)).body as Status;
const until = async (cond: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

test.serial('bulk registration is idempotent with a result per item, in request order', async (t) => {
  const r = await bulk([
    'HIPASSJ0001-23',
    'not valid!',
    'HIPASSJNODATA1',
    'HIPASSJ0001-23',
    'HIPASSJARCHIVEDOWN',
  ]);
  t.is(r.status, 200, r.text);
  const b = r.body as {
    created: number;
    invalid: number;
    items: { source_identifier: string; status: string; error?: string }[];
  };
  t.deepEqual(
    b.items.map((i) => i.status),
    ['created', 'invalid', 'created', 'invalid', 'created'],
  );
  t.regex(b.items[1]!.error!, /does not match the project's pattern/);
  t.is(b.items[3]!.error, 'appears twice in this request');
  const again = (await bulk(['HIPASSJ0001-23', 'HIPASSJ0009-99'])).body as { items: { status: string }[] };
  t.deepEqual(
    again.items.map((i) => i.status),
    ['exists', 'created'],
  );
  const dup = await call('POST', '/sources', {
    project_module: 'wallaby_hires',
    source_identifier: 'HIPASSJ0001-23',
  });
  t.is(dup.status, 409);
  const tooMany = await bulk(Array.from({ length: 1001 }, (_, i) => `HIPASSJ${i}`));
  t.is(tooMany.status, 422);
});

test.serial('sources list in pages by identifier', async (t) => {
  const p1 = (await call('GET', '/sources?project_module=wallaby_hires&limit=2')).body as {
    items: { source_identifier: string }[];
    next_cursor: string;
  };
  t.deepEqual(
    p1.items.map((s) => s.source_identifier),
    ['HIPASSJ0001-23', 'HIPASSJ0009-99'],
  );
  const p2 = (await call('GET', `/sources?project_module=wallaby_hires&limit=2&cursor=${p1.next_cursor}`))
    .body as {
    items: { source_identifier: string }[];
    next_cursor: string | null;
  };
  t.deepEqual(
    p2.items.map((s) => s.source_identifier),
    ['HIPASSJARCHIVEDOWN', 'HIPASSJNODATA1'],
  );
  t.is(p2.next_cursor, null);
  t.is((await call('GET', '/sources')).status, 422, 'project_module is required');
});

test.serial(
  'discovery fills metadata, flags and signature, and says why a source is not ready',
  async (t) => {
    const list = (await call('GET', '/sources?project_module=wallaby_hires')).body as {
      items: { uuid: string; source_identifier: string }[];
    };
    const id = (s: string) => list.items.find((i) => i.source_identifier === s)!.uuid;
    const before = await status(id('HIPASSJ0001-23'));
    t.false(before.ready);
    t.deepEqual(before.blocked_by, ['not discovered yet']);

    const ack = await call('POST', '/sources/discover', {
      project_module: 'wallaby_hires',
      source_identifiers: ['HIPASSJ0001-23', 'HIPASSJNODATA1', 'HIPASSJARCHIVEDOWN', 'HIPASSJ404'],
    });
    t.is(ack.status, 202, ack.text);
    const a = ack.body as { queued: string[]; skipped: { source_identifier: string; reason: string }[] };
    t.deepEqual(a.queued, ['HIPASSJ0001-23', 'HIPASSJNODATA1', 'HIPASSJARCHIVEDOWN']);
    t.deepEqual(a.skipped, [{ source_identifier: 'HIPASSJ404', reason: 'no such source in this project' }]);

    await until(async () => (await status(id('HIPASSJ0001-23'))).discovery_state === 'done');
    await until(async () => (await status(id('HIPASSJARCHIVEDOWN'))).discovery_state === 'failed');
    await until(async () => (await status(id('HIPASSJNODATA1'))).discovery_state === 'done');

    const good = await status(id('HIPASSJ0001-23'));
    t.true(good.ready, JSON.stringify(good.blocked_by));
    t.true(good.discovery_flags['ra_dec_vsys_complete'] as boolean);
    t.true((good.metadata?.datasets.length ?? 0) > 0);
    const ds = good.metadata!.datasets[0] as Record<string, unknown>;
    t.regex(ds['sbid'] as string, /^\d+$/);
    t.regex(ds['eval_file_prefix'] as string, /^calibration-metadata-processing-logs-SB\d+_$/);

    const none = await status(id('HIPASSJNODATA1'));
    t.false(none.ready);
    t.deepEqual(none.blocked_by, [
      'discovery found no datasets',
      'discovery flag ra_dec_vsys_complete is not true',
    ]);
    const down = await status(id('HIPASSJARCHIVEDOWN'));
    t.deepEqual(down.blocked_by, ['discovery failed: archive casda did not answer (mock)']);

    const events = (await call('GET', `/sources/${id('HIPASSJ0001-23')}/events`)).body as {
      items: { kind: string }[];
    };
    t.deepEqual(
      events.items.map((e) => e.kind),
      ['source.registered', 'source.discovered', 'source.changed'],
    );

    // Discovered again with the same result: no change is recorded.
    await call('POST', '/sources/discover', {
      project_module: 'wallaby_hires',
      source_identifiers: ['HIPASSJ0001-23'],
    });
    await until(async () => {
      const e = (await call('GET', `/sources/${id('HIPASSJ0001-23')}/events`)).body as {
        items: { kind: string }[];
      };
      return e.items.length === 4;
    });
    const after = (await call('GET', `/sources/${id('HIPASSJ0001-23')}/events`)).body as {
      items: { kind: string }[];
    };
    t.is(after.items[3]!.kind, 'source.discovered');
  },
);

test.serial('a disabled source is never discovered', async (t) => {
  await call('POST', '/sources', {
    project_module: 'wallaby_hires',
    source_identifier: 'HIPASSJOFF',
    enabled: false,
  });
  const ack = (
    await call('POST', '/sources/discover', {
      project_module: 'wallaby_hires',
      source_identifiers: ['HIPASSJOFF'],
    })
  ).body as { skipped: { reason: string }[] };
  t.deepEqual(
    ack.skipped.map((s) => s.reason),
    ['the source is disabled'],
  );
});

test.serial(
  'a list finds the sources that need attention: failed, disabled, to process, or by prefix',
  async (t) => {
    const ids = async (query: string) => {
      const r = await call('GET', `/sources?project_module=wallaby_hires&${query}`);
      t.is(r.status, 200, r.text);
      return (r.body as { items: { source_identifier: string }[] }).items.map((s) => s.source_identifier);
    };
    t.deepEqual(await ids('discovery_state=failed'), ['HIPASSJARCHIVEDOWN']);
    t.deepEqual(await ids('enabled=false'), ['HIPASSJOFF']);
    t.deepEqual(await ids('discovery_state=never&enabled=true'), ['HIPASSJ0009-99']);
    t.deepEqual(await ids('needs_processing=true'), ['HIPASSJ0001-23', 'HIPASSJNODATA1']);
    t.deepEqual(await ids(`identifier_prefix=${encodeURIComponent('HIPASSJ0')}`), [
      'HIPASSJ0001-23',
      'HIPASSJ0009-99',
    ]);
    t.deepEqual(await ids('identifier_prefix=hipass'), [], 'case as registered');
    // A page of a filtered list goes on from its cursor within the filter.
    const first = await call('GET', '/sources?project_module=wallaby_hires&discovery_state=done&limit=1');
    const p1 = first.body as { items: { source_identifier: string }[]; next_cursor: string };
    const rest = await ids(`discovery_state=done&cursor=${p1.next_cursor}`);
    t.deepEqual([...p1.items.map((s) => s.source_identifier), ...rest], ['HIPASSJ0001-23', 'HIPASSJNODATA1']);
    for (const bad of [
      'discovery_state=lost',
      'enabled=yes',
      'needs_processing=1',
      'identifier_prefix=',
      `identifier_prefix=${encodeURIComponent('HIPASS\u0000')}`,
      `identifier_prefix=${'x'.repeat(257)}`,
    ]) {
      const r = await call('GET', `/sources?project_module=wallaby_hires&${bad}`);
      t.is(r.status, 422, `${bad}: ${r.text}`);
    }
  },
);

test.serial(
  'the discovery tick queues due sources up to the in-flight cap and counts what it held back',
  async (t) => {
    const capped = example
      .replace('    batch_size: 10\n    batches_in_flight: 24', '    batch_size: 1\n    batches_in_flight: 1')
      .replace('description: WALLABY HiRes CASDA pipeline', 'description: capped');
    const up = await api.call('POST', '/project-configs', {
      raw: capped,
      token: op,
      headers: { 'Content-Type': 'application/x-yaml' },
    });
    t.is(up.status, 201, up.text);
    await consumer.stop(5000);
    await bulk(['HIPASSJ1000-01', 'HIPASSJ1000-02', 'HIPASSJ1000-03']);
    const tick = discoveryTick(sourceDeps(api.container));
    const r = (await tick.run(new Date())).counts;
    t.is(r['queued'], 1);
    t.true((r['held_back_by_cap'] as number) >= 2);
    consumer.start();
  },
);

test('discovering for a project without configuration is refused', async (t) => {
  const r = await call('POST', '/sources/discover', {
    project_module: 'no_config',
    source_identifiers: ['x'],
  });
  t.is(r.status, 409);
});

test('sources are registered only under a configured project: a misspelt one is refused with the name it is near, and nothing is stored', async (t) => {
  const one = await call('POST', '/sources', {
    project_module: 'walaby_hires',
    source_identifier: 'HIPASSJ0004-56',
  });
  t.is(one.status, 422, one.text);
  t.regex(one.text, /no configuration was uploaded for project walaby_hires: did you mean wallaby_hires\?/);
  const many = await call('POST', '/sources/bulk', {
    project_module: 'nobody_configured',
    sources: [{ source_identifier: 'HIPASSJ0004-56' }],
  });
  t.is(many.status, 422, many.text);
  t.regex(many.text, /upload one first/);
  // Nothing was stored under the misspelt name: it is no project.
  const list = await call('GET', '/sources?project_module=walaby_hires');
  t.is(list.status, 404, list.text);
  t.regex(list.text, /no project walaby_hires; did you mean wallaby_hires\? \(known: [a-z_, ]*wallaby_hires/);
  // The library face and every host share the rule: the core refuses a name the pattern refuses.
  const r = await appOf(api.container).sources.register(
    'Bad-Module',
    { source_identifier: 'HIPASSJ0004-56' },
    'op',
  );
  t.like(r, { _tag: 'Left', left: { code: 'validation_failed' } });
});
