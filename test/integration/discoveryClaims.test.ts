// A discovery job whose worker is killed on every try goes dead (its lease expires, the reaper
// gives up after max_attempts), and its sources stayed queued for good: excluded from discovery
// and holding in-flight capacity. Claims older than claim_ttl_minutes whose job is gone are now
// released by the discovery tick; a claim whose job still lives is kept, however old.
import test from 'ava';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { SourceRepository } from '../../core/ports/SourceRepository.js';
import { discoveryJob } from '../../core/usecases/discovery/discoveryJob.js';
import { releaseClaims } from '../../core/usecases/discovery/discoveryTick.js';
import { sourceDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { prepareProject } from '../support/project.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
test.before(async () => {
  api = await startTestApi({});
  p = await prepareProject(api, []);
});
test.after.always(async () => {
  await api?.close();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const discover = async (identifiers: string[]) => {
  const r = await api.call('POST', '/sources/discover', {
    token: p.token,
    body: { project_module: 'wallaby_hires', source_identifiers: identifiers },
  });
  return r.body as { queued: string[]; skipped: { source_identifier: string; reason: string }[] };
};
const register = async (identifiers: string[]) => {
  const r = await api.call('POST', '/sources/bulk', {
    token: p.token,
    body: {
      project_module: 'wallaby_hires',
      sources: identifiers.map((source_identifier) => ({ source_identifier })),
    },
  });
  return Object.fromEntries(
    (r.body as { items: { source_identifier: string; uuid: string }[] }).items.map((i) => [
      i.source_identifier,
      i.uuid,
    ]),
  );
};
/** What a killed worker leaves: its lease runs out and the reaper takes the job back, on every try. */
const killedOnEveryTry = async (queue: JobQueue) => {
  const tries = discoveryJob.request({ project_module: 'wallaby_hires', source_ids: [] }).maxAttempts ?? 1;
  for (let i = 0; i < tries; i++) {
    const [job] = await queue.claim('doomed', [discoveryJob.name], 1, 1, new Date());
    if (!job) throw new Error('no discovery job to claim');
    await queue.reclaimExpired(new Date(Date.now() + 2000), () => new Date(0));
  }
};

test.serial(
  'claims of a dead discovery job are released after claim_ttl_minutes, and discovery takes the sources again',
  async (t) => {
    const queue = api.container.get<JobQueue>(TYPES.Queue);
    const sources = api.container.get<SourceRepository>(TYPES.Sources);
    const deps = sourceDeps(api.container);
    const ids = await register(['HIPASSJ0500', 'HIPASSJ0501']);
    t.deepEqual((await discover(['HIPASSJ0500', 'HIPASSJ0501'])).queued, ['HIPASSJ0500', 'HIPASSJ0501']);
    await killedOnEveryTry(queue);
    t.is((await queue.stats(new Date())).dead, 1, 'the job is dead');
    t.is((await sources.get(ids['HIPASSJ0500']!))!.discoveryState, 'queued', 'stuck before this fix');
    t.deepEqual(
      (await discover(['HIPASSJ0500'])).skipped.map((s) => s.reason),
      ['discovery is already queued or running'],
    );

    // The example's claim_ttl_minutes is 180.
    t.deepEqual(await releaseClaims(deps, 'wallaby_hires', 180, minutes(179)), []);
    const released = await releaseClaims(deps, 'wallaby_hires', 180, minutes(181));
    t.deepEqual([...released].sort(), [ids['HIPASSJ0500']!, ids['HIPASSJ0501']!].sort());
    const s = (await sources.get(ids['HIPASSJ0500']!))!;
    t.is(s.discoveryState, 'failed');
    t.regex(s.discoveryError ?? '', /claim_ttl_minutes \(180\)/);
    const events = await api.call('GET', `/sources/${ids['HIPASSJ0500']}/events`, { token: p.token });
    t.true(
      (events.body as { items: { kind: string }[] }).items.some(
        (e) => e.kind === 'source.discovery_claim_expired',
      ),
    );
    t.deepEqual((await discover(['HIPASSJ0500'])).queued, ['HIPASSJ0500'], 'discovery takes it again');
  },
);

test.serial('a claim whose discovery job still lives is kept, however old', async (t) => {
  const sources = api.container.get<SourceRepository>(TYPES.Sources);
  const deps = sourceDeps(api.container);
  const ids = await register(['HIPASSJ0502']);
  t.deepEqual((await discover(['HIPASSJ0502'])).queued, ['HIPASSJ0502']);
  // Queued behind a long backlog, or waiting for its retry: not stuck.
  t.deepEqual(await releaseClaims(deps, 'wallaby_hires', 180, minutes(24 * 60)), []);
  t.is((await sources.get(ids['HIPASSJ0502']!))!.discoveryState, 'queued');
});
