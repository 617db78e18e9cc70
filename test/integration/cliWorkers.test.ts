// Draining a worker from the CLI: an admin names a worker the overview lists; it reads the request
// at its next heartbeat, stops claiming, deregisters and is gone from the overview. An unknown id is
// not found; a viewer may not drain. First, a worker whose row the database lost registers again.
import test from 'ava';
import type { Db } from '../../adapters/postgres/db.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliSession } from '../support/cliSession.js';
import { until } from '../support/until.js';

const s = cliSession(test, { loggedIn: true, worker: true, env: { SERVICE_WORKER_HEARTBEAT_SECONDS: '1' } });
const { cli, json } = s;

interface Overview {
  workers: { id: string; drain_requested_at: string | null; drain_requested_by: string | null }[];
}

test.serial(
  'a worker the database forgot (a copy restored from before it started) registers again',
  async (t) => {
    const [w] = (await json<Overview>(['overview'])).workers;
    await s.api.container.get<Db>(TYPES.Db).none('DELETE FROM workers WHERE id = $1', [w!.id]);
    await until(
      'the worker back in the overview',
      async () => (await json<Overview>(['overview'])).workers.some((x) => x.id === w!.id),
      20_000,
    );
    t.true(s.api.logs.some((l) => l.includes('registering again') && l.includes(w!.id)));
  },
);

test.serial('an admin drains a worker: it stops at its next heartbeat and leaves the overview', async (t) => {
  const before = await json<Overview>(['overview']);
  t.is(before.workers.length, 1);
  const id = before.workers[0]!.id;
  t.is(before.workers[0]!.drain_requested_at, null);
  const r = await cli(['worker', 'drain', id]);
  t.is(r.code, 0, r.out);
  t.regex(
    r.out,
    new RegExp(`^worker ${id} \\(pid \\d+ on \\S+\\) asked to drain at \\S+ by cli-admin; it exits`),
  );
  // Asking again changes nothing: the first request stands. Or the worker, which reads the request
  // at its next heartbeat (every second here), has drained and left already: then it is not found.
  const again = await cli(['worker', 'drain', id, '--json']);
  if (again.code === 0)
    t.is((JSON.parse(again.out) as { drain_requested_by: string }).drain_requested_by, 'cli-admin');
  else t.regex(again.out, new RegExp(`no worker ${id.replace(/[^\w]/g, '\\$&')} is registered`));
  await until(
    'the worker gone from the overview',
    async () => (await json<Overview>(['overview'])).workers.length === 0,
    20_000,
  );
  t.true(s.api.logs.some((l) => l.includes('asked to drain') && l.includes(id)));
});

test.serial('an unknown worker is not found; a viewer may not drain', async (t) => {
  const r = await cli(['worker', 'drain', 'nowhere:1:abcd']);
  t.not(r.code, 0);
  t.regex(r.out, /no worker nowhere:1:abcd is registered/);
  const bad = await cli(['worker', 'drain', 'not a worker id']);
  t.not(bad.code, 0);
  const viewer = await s.api.tokenFor('cli-viewer', 'viewer');
  const refused = await s.api.call('POST', '/workers/nowhere:1:abcd/drain', { token: viewer });
  t.is(refused.status, 403);
});

cliCoverage(test, s, 'cliWorkers');
