// Comparing two executions (issue 42, part 2): between two runs of one source, the profile's port
// was changed and the archive's answer for the source changed; the diff names both, and a run
// compared with itself is the same.
import test from 'ava';
import type { Source } from '../../core/domain/source.js';
import type { SourceDiscovery } from '../../core/ports/SourceDiscovery.js';
import type { SourceRepository } from '../../core/ports/SourceRepository.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';
import { runThrough } from '../support/runThrough.js';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const source = 'HIPASSJ0630';
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir, SERVICE_MOCK_STEP_MS: '10' });
  p = await prepareProject(api, [source]);
});
test.after.always(async () => {
  await api?.close();
});

interface Change {
  path: string;
  a?: unknown;
  b?: unknown;
}
interface Comparison {
  same: boolean;
  configuration: { same: boolean; yaml_diff: string | null };
  graph: { same: boolean };
  profile: { changes: Change[] };
  sources: {
    only_in_a: string[];
    only_in_b: string[];
    changed: {
      source_identifier: string;
      signature_a: string;
      signature_b: string;
      fields: Change[] | null;
    }[];
  };
  outcome: { a: { state: string }; b: { state: string } };
}

const compare = async (a: string, b: string) => {
  const r = await api.call('GET', `/executions/${a}/diff/${b}`, { token: p.token });
  if (r.status !== 200) throw new Error(r.text);
  return r.body as Comparison;
};

test.serial('a changed profile field and a changed metadata value are named, and nothing else', async (t) => {
  const first = await runThrough(api, p, source, 'ended');
  t.true((await compare(first, first)).same, 'a run is the same as itself');

  // The profile's port changes (a new version; the first run keeps its snapshot).
  const profiles = await api.call('GET', '/deployment-profiles?project_module=wallaby_hires', {
    token: p.token,
  });
  const profile = (profiles.body as { items: { id: string; name: string }[] }).items.find(
    (x) => x.name === 'mock-dim',
  )!;
  const replaced = await api.call('PUT', `/deployment-profiles/${profile.id}`, {
    token: p.adminToken,
    body: {
      name: 'mock-dim',
      project_module: 'wallaby_hires',
      is_default: true,
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org', deploy_port: 8101 },
    },
  });
  t.is(replaced.status, 200, replaced.text);
  // The archive's answer for the source changes: a dataset's value and the signature with it.
  const sources = api.container.get<SourceRepository>(TYPES.Sources);
  const [s] = (await sources.findByIdentifiers('wallaby_hires', [source])) as Source[];
  const metadata = structuredClone(s!.metadata!);
  const dataset = metadata.datasets[0] as Record<string, unknown>;
  const field = Object.keys(dataset).find((k) => typeof dataset[k] === 'string' && k !== 'row')!;
  dataset[field] = `${String(dataset[field])}-reprocessed`;
  await api.container
    .get<SourceDiscovery>(TYPES.Discovery)
    .saveDiscovery(
      s!.id,
      { configVersion: 1, metadata, flags: s!.discoveryFlags, signature: `${s!.signature}-changed` },
      new Date(),
      () => [],
    );
  const second = await runThrough(api, p, source, 'ended');

  const d = await compare(first, second);
  t.false(d.same);
  t.true(d.configuration.same);
  t.is(d.configuration.yaml_diff, null);
  t.true(d.graph.same);
  t.deepEqual(d.profile.changes, [{ path: 'deployment.deploy_port', a: 8001, b: 8101 }]);
  t.deepEqual(d.sources.only_in_a, []);
  t.deepEqual(d.sources.only_in_b, []);
  t.is(d.sources.changed.length, 1);
  const c = d.sources.changed[0]!;
  t.is(c.source_identifier, source);
  t.not(c.signature_a, c.signature_b);
  t.true(
    (c.fields ?? []).some((f) => f.path.endsWith(field) && String(f.b).endsWith('-reprocessed')),
    `the manifest entry's ${field} is named: ${JSON.stringify(c.fields)}`,
  );
  t.is(d.outcome.a.state, 'completed');
  t.is(d.outcome.b.state, 'completed');
});

test.serial('an unknown execution on either side is 404', async (t) => {
  const id = (await api.call('GET', '/executions?limit=1', { token: p.token })).body as {
    items: { uuid: string }[];
  };
  const known = id.items[0]!.uuid;
  const unknown = '00000000-0000-4000-8000-00000000beef';
  t.is((await api.call('GET', `/executions/${known}/diff/${unknown}`, { token: p.token })).status, 404);
  t.is((await api.call('GET', `/executions/${unknown}/diff/${known}`, { token: p.token })).status, 404);
});
