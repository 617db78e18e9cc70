// An execution's provenance as W3C PROV (issue 42, part 4): a staged, translated, submitted and
// finished run answers a PROV-JSON document the W3C reference library for Python (`prov`, from
// PyPI, set up by scripts/test) reads and finds whole, and the same records as PROV-N.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';
import { provCheck } from '../support/provCheck.js';
import { runThrough } from '../support/runThrough.js';

const publicUrl = 'https://surveyor.example.org';

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
let id: string;
test.before(async () => {
  api = await startTestApi({
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_MOCK_STEP_MS: '10',
    SERVICE_PUBLIC_URL: publicUrl,
  });
  p = await prepareProject(api, ['HIPASSJ0620']);
  id = await runThrough(api, p, 'HIPASSJ0620', 'ended', { stage: true });
});
test.after.always(async () => {
  await api?.close();
});

type Records = Record<string, Record<string, unknown>>;
type ProvJson = Record<string, Records> & {
  prefix: Record<string, string>;
  entity: Records;
  activity: Records;
  agent: Records;
};

const typeOf = (a: Record<string, unknown>) => (a['prov:type'] as { $: string } | undefined)?.$;
const ofType = (records: Record<string, Record<string, unknown>>, type: string) =>
  Object.entries(records).filter(([, a]) => typeOf(a) === type);

const provenance = async () => {
  const r = await api.call('GET', `/executions/${id}/provenance`, { token: p.token });
  if (r.status !== 200) throw new Error(r.text);
  return r.body as ProvJson;
};

test('the document names what the run used and made, the steps with their times, and who acted', async (t) => {
  const doc = await provenance();
  t.is(doc.prefix['surveyor'], `${publicUrl}/api/v2/`);
  const exec = `surveyor:executions/${id}`;
  // What each attempt made, with the digests the ledger lists.
  const ledger = (await api.call('GET', `/executions/${id}/ledger-snapshot`, { token: p.token })).body as {
    artifacts: { name: string; sha256: string }[];
  };
  const sha = (name: string) => ledger.artifacts.find((a) => a.name === name)!.sha256;
  t.is(doc.entity[`${exec}/attempts/1/manifest.json`]?.['sv:sha256'], sha('manifest.json'));
  t.is(doc.entity[`${exec}/attempts/1/logical.graph`]?.['sv:sha256'], sha('logical.graph'));
  t.is(doc.entity[`${exec}/attempts/1/translated.json`]?.['sv:sha256'], sha('translated.json'));
  const datasets = ofType(doc.entity, 'sv:StagedDataset');
  t.true(datasets.length > 0, 'the staged datasets are entities');
  for (const [, d] of datasets) {
    t.is(typeof d['sv:archiveIdentifier'], 'string');
    t.is(typeof d['sv:accessUrl'], 'string');
  }
  t.is(ofType(doc.entity, 'sv:ProjectConfiguration').length, 1);
  t.is(ofType(doc.entity, 'sv:LogicalGraph').length, 1);
  t.is(ofType(doc.entity, 'sv:SourceMetadata').length, 1);
  t.like(doc.entity[`${exec}/attempts/1/outputs`], { 'sv:incompleteCount': 0 });
  // The steps, each with its times.
  for (const step of ['staging', 'translation', 'deployment', 'run', 'verification']) {
    const a = doc.activity[`${exec}/attempts/1/${step}`];
    t.truthy(a, step);
    t.regex(
      String((a?.['prov:startTime'] as { $: string } | undefined)?.$),
      /^\d{4}-\d\d-\d\dT/,
      `${step} starts`,
    );
    t.regex(
      String((a?.['prov:endTime'] as { $: string } | undefined)?.$),
      /^\d{4}-\d\d-\d\dT/,
      `${step} ends`,
    );
  }
  t.is(ofType(doc.activity, 'sv:Discovery').length, 1);
  // Who acted: the operator, this service (on the operator's behalf), the translator, the DIM.
  t.truthy(doc.agent[`surveyor:users/${p.operator}`]);
  t.is(typeof doc.agent['surveyor:service']?.['sv:version'], 'string');
  t.truthy(doc.agent[`${exec}/translator`]);
  t.like(doc.agent[`${exec}/island-manager`], { 'sv:host': 'dim.example.org' });
  t.true(
    Object.values(doc['actedOnBehalfOf'] ?? {}).some(
      (r) =>
        r['prov:delegate'] === 'surveyor:service' && r['prov:responsible'] === `surveyor:users/${p.operator}`,
    ),
  );
  t.true(
    Object.values(doc['wasDerivedFrom'] ?? {}).some(
      (r) =>
        r['prov:generatedEntity'] === `${exec}/attempts/1/translated.json` &&
        r['prov:usedEntity'] === `${exec}/attempts/1/logical.graph`,
    ),
    'the translated graph derives from the patched one',
  );
});

test('the W3C PROV library reads the document whole, and PROV-N holds the same records', async (t) => {
  const doc = await provenance();
  const found = provCheck(doc);
  t.deepEqual(found.problems, []);
  t.deepEqual(found.elements, {
    Entity: Object.keys(doc.entity).length,
    Activity: Object.keys(doc.activity).length,
    Agent: Object.keys(doc.agent).length,
  });
  // The library names relations by their PROV-DM class.
  const className: Record<string, string> = {
    used: 'Usage',
    wasGeneratedBy: 'Generation',
    wasInformedBy: 'Communication',
    wasAssociatedWith: 'Association',
    wasAttributedTo: 'Attribution',
    wasDerivedFrom: 'Derivation',
    actedOnBehalfOf: 'Delegation',
  };
  const ours = Object.fromEntries(
    Object.entries(doc)
      .filter(([k]) => !['prefix', 'entity', 'activity', 'agent'].includes(k))
      .map(([k, v]) => [className[k] ?? k, Object.keys(v).length]),
  );
  t.deepEqual(found.relations, ours);
  t.true((found.types['sv:StagedDataset'] ?? 0) > 0);

  const n = await api.call('GET', `/executions/${id}/provenance?format=provn`, { token: p.token });
  t.is(n.status, 200);
  t.regex(n.headers.get('content-type') ?? '', /^text\/provenance-notation/);
  const lines = n.text.trim().split('\n');
  t.is(lines[0], 'document');
  t.is(lines.at(-1), 'endDocument');
  t.true(lines.includes(`  prefix surveyor <${publicUrl}/api/v2/>`));
  t.true(lines.some((l) => l.startsWith(`  activity(surveyor:executions/${id}/attempts/1/staging, 20`)));
  const statements = lines.filter((l) => /^ {2}[a-zA-Z]+\(/.test(l)).length;
  const records =
    Object.keys(doc.entity).length +
    Object.keys(doc.activity).length +
    Object.keys(doc.agent).length +
    Object.values(ours).reduce((a, b) => a + b, 0);
  t.is(statements, records, 'one PROV-N statement per record');
});

test('provenance is for viewers too, and an unknown execution is 404', async (t) => {
  const viewer = await api.tokenFor('prov-viewer', 'viewer');
  t.is((await api.call('GET', `/executions/${id}/provenance`, { token: viewer })).status, 200);
  t.is(
    (await api.call('GET', '/executions/00000000-0000-4000-8000-00000000dead/provenance', { token: viewer }))
      .status,
    404,
  );
  t.is((await api.call('GET', `/executions/${id}/provenance?format=xml`, { token: viewer })).status, 422);
});
