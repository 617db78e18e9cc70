// Reproducing a run (issue 42, part 1): a new execution on the original's configuration version,
// graph (checked by digest), profile snapshot and source metadata as they were builds the same
// manifest and patched graph, except for what names the run, even after discovery changed the
// source; with today's metadata it does not. A graph file that no longer holds the pinned bytes,
// or a run with no record of its metadata, is refused with the reason.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { Source } from '../../core/domain/source.js';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { SourceDiscovery } from '../../core/ports/SourceDiscovery.js';
import type { SourceRepository } from '../../core/ports/SourceRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';
import { runAttempt, runThrough } from '../support/runThrough.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
let graphs: string;
const source = 'HIPASSJ0650';
test.before(async () => {
  // A graph directory of the test's own: one test changes the graph file.
  graphs = mkdtempSync(join(tmpdir(), 'surveyor-reproduce-'));
  cpSync(graphDir, graphs, { recursive: true });
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphs, SERVICE_MOCK_STEP_MS: '10' });
  p = await prepareProject(api, [source, 'HIPASSJ0651']);
});
test.after.always(async () => {
  await api?.close();
  if (graphs) rmSync(graphs, { recursive: true, force: true });
});

const artifact = async (id: string, name: string) =>
  (await api.container.get<ArtifactStore>(TYPES.Artifacts).artifact(id, 1, name))!;
/** The manifest without what names its run. */
const manifestOf = async (id: string) => {
  const {
    execution_id: _id,
    attempt: _attempt,
    ...rest
  } = JSON.parse(await artifact(id, 'manifest.json')) as Record<string, unknown>;
  return rest;
};
const reproduce = (id: string, body: Record<string, unknown>) =>
  api.call('POST', `/executions/${id}/reproduce`, { token: p.token, body });

/** The archive's answer for the source changes after the original ran. */
const rediscover = async () => {
  const [s] = (await api.container
    .get<SourceRepository>(TYPES.Sources)
    .findByIdentifiers('wallaby_hires', [source])) as Source[];
  const metadata = structuredClone(s!.metadata!);
  const dataset = metadata.datasets[0] as Record<string, unknown>;
  const field = Object.keys(dataset).find((k) => typeof dataset[k] === 'string' && k !== 'row')!;
  dataset[field] = `${String(dataset[field])}-rediscovered`;
  await api.container
    .get<SourceDiscovery>(TYPES.Discovery)
    .saveDiscovery(
      s!.id,
      { configVersion: 1, metadata, flags: s!.discoveryFlags, signature: `${s!.signature}-rediscovered` },
      new Date(),
      () => [],
    );
};

test.serial(
  'a reproduction builds the original manifest and graph though discovery changed since',
  async (t) => {
    const original = await runThrough(api, p, source, 'ended');
    await rediscover();

    const r = await reproduce(original, { execute: true });
    t.is(r.status, 201, r.text);
    const copy = (r.body as { uuid: string }).uuid;
    t.not(copy, original);
    await runAttempt(api, copy, 1, 'ended');
    const e = (await api.container.get<ExecutionRepository>(TYPES.Executions).get(copy))!;
    t.is(e.state, 'completed', e.error ?? '');
    t.like(e.runRecord['reproduces'], { execution_id: original, attempt: 1, with_current: [] });
    const created = (
      await api.container
        .get<EventLog>(TYPES.Events)
        .read({ kind: 'subject', subjectType: 'execution', subjectId: copy }, 10, null)
    ).items[0]!;
    t.like(created.payload, { reproduces: { execution_id: original, attempt: 1, with_current: [] } });

    t.deepEqual(await manifestOf(copy), await manifestOf(original), 'the manifest is the original’s');
    const recorded = async (id: string) =>
      (await api.container.get<ExecutionRepository>(TYPES.Executions).get(id))!.runRecord;
    t.is(
      (await recorded(copy))['manifest_content_sha256'],
      (await recorded(original))['manifest_content_sha256'],
      'the same manifest content digest',
    );
    t.not((await recorded(copy))['manifest_sha256'], (await recorded(original))['manifest_sha256']);
    t.is(await artifact(copy, 'logical.graph'), await artifact(original, 'logical.graph'), 'byte for byte');
    t.is(await artifact(copy, 'translated.json'), await artifact(original, 'translated.json'));
    const ledger = async (id: string) =>
      (
        (await api.call('GET', `/executions/${id}/ledger-snapshot`, { token: p.token })).body as {
          artifacts: { name: string; sha256: string }[];
        }
      ).artifacts;
    const sha = (list: { name: string; sha256: string }[], name: string) =>
      list.find((a) => a.name === name)!.sha256;
    t.is(sha(await ledger(copy), 'logical.graph'), sha(await ledger(original), 'logical.graph'));

    // With today's metadata, the changed value is in the manifest, and the run record says so.
    const today = await reproduce(original, { execute: true, with_current_metadata: true });
    t.is(today.status, 201, today.text);
    const fresh = (today.body as { uuid: string }).uuid;
    await runAttempt(api, fresh, 1, 'ended');
    t.like(
      (await api.container.get<ExecutionRepository>(TYPES.Executions).get(fresh))!.runRecord['reproduces'],
      {
        with_current: ['metadata'],
      },
    );
    t.notDeepEqual(await manifestOf(fresh), await manifestOf(original));
    t.regex(JSON.stringify(await manifestOf(fresh)), /-rediscovered/);
    const d = (await api.call('GET', `/executions/${original}/diff/${fresh}`, { token: p.token })).body as {
      sources: { changed: { fields: { path: string }[] }[] };
    };
    t.is(d.sources.changed.length, 1, 'the diff names the changed metadata');
  },
);

test.serial('no record of the metadata, or a graph file that changed: refused with the reason', async (t) => {
  // Never run: nothing was recorded of what it would have run on.
  const c = await api.call('POST', '/executions', {
    token: p.token,
    body: {
      project_module: 'wallaby_hires',
      sources: [{ source_identifier: 'HIPASSJ0651' }],
      archive_name: 'casda',
    },
  });
  const pending = (c.body as { uuid: string }).uuid;
  const refused = await reproduce(pending, {});
  t.is(refused.status, 409);
  t.regex(refused.text, /no record of the metadata it ran on.*current metadata/);
  t.is((await reproduce(pending, { with_current_metadata: true })).status, 201);

  // The graph file the configuration pins no longer holds those bytes.
  for (const f of ['wallaby-hires_test-pipeline-nodownloads.graph']) appendFileSync(join(graphs, f), ' ');
  const gone = await reproduce(pending, { with_current_metadata: true });
  t.is(gone.status, 409);
  t.regex(gone.text, /no longer has the sha256 [0-9a-f]{64} .* \(it has [0-9a-f]{64}\)/);
});
