// Discovery against the real archive testbed (scripts/testbed/archive), through the API and a
// worker, as a deployment runs it: the WALLABY testbed configuration with its batched queries (a TAP
// upload for the visibilities and the evaluation files, an IN list for the catalogue), beside the
// same queries one source at a time. Prints wall time, queries sent and sources per query; asserts
// nothing. Run: scripts/bench discovery [sources] [per-source sources]
import { startWorker } from '../../hosts/worker/worker.js';
import { startTestApi } from '../support/api.js';
import { archiveTestbed } from '../support/archive.js';

const batchedSources = Number(process.argv[2] ?? 10_000);
const singleSources = Number(process.argv[3] ?? 1_000);
const tb = archiveTestbed();

/** The per-source form of the testbed configuration's three queries (no batch). */
const perSourceYaml = (yaml: string) =>
  yaml
    .replace(
      / {4}- name: visibility\n[\s\S]*?batch: \{ via: upload, sources_per_query: 200 \}\n/,
      `    - name: visibility
      archive: casda
      adql: |
        SELECT o.* FROM ivoa.obscore o INNER JOIN (
          SELECT MAX(t_max) AS mx FROM ivoa.obscore WHERE filename LIKE {source_identifier:like_prefix}
          AND obs_collection IN ('ASKAP Pilot Survey for WALLABY', 'WALLABY')) AS latest ON o.t_max = latest.mx
        WHERE o.filename LIKE {source_identifier:like_prefix}
        AND o.obs_collection IN ('ASKAP Pilot Survey for WALLABY', 'WALLABY') ORDER BY o.filename
      parameters:
        source_identifier: { type: string }
`,
    )
    .replace('WHERE HIPASS IN {source_name:in_list}', 'WHERE HIPASS = {source_name}')
    .replace(/\n {6}batch: \{ via: in_list[^\n]*/, '')
    .replace(
      / {4}- name: sbid_to_eval_file\n[\s\S]*?batch: \{ via: upload, sources_per_query: 500 \}\n/,
      `    - name: sbid_to_eval_file
      archive: casda
      adql: |
        SELECT * FROM casda.observation_evaluation_file WHERE sbid = {sbid} AND format = 'calibration'
        AND filename LIKE {eval_file_prefix:like_prefix} AND filename LIKE '%.tar'
      parameters:
        sbid: { type: integer }
        eval_file_prefix: { type: string }
`,
    );

/** The testbed's source names, as its generator makes them (HIPASSJhhmm-dd). */
const names = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const [idx, dd] = [Math.floor(i / 90), i % 90];
    return `HIPASSJ${String(Math.floor(idx / 60)).padStart(2, '0')}${String(idx % 60).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
  });

const run = async (label: string, yaml: string, n: number) => {
  const api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_MOCK_PARTS: 'translator,backends,stager',
    ARCHIVE_USERNAME: tb.username,
    ARCHIVE_PASSWORD_FILE: tb.passwordFile,
    ARCHIVE_CREDENTIAL_ORIGINS: tb.url,
    SERVICE_LOG_LEVEL: 'info',
    SERVICE_WORKER_CONCURRENCY: '4',
    SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
  });
  try {
    const token = await api.tokenFor('bench', 'operator');
    await api.uploadConfig(yaml, token);
    const ids = names(n);
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await api.call('POST', '/sources/bulk', {
        token,
        body: {
          project_module: 'wallaby_hires_testbed',
          sources: ids.slice(i, i + 1000).map((source_identifier) => ({ source_identifier })),
        },
      });
      if (r.status >= 300) throw new Error(r.text);
    }
    const worker = await startWorker(api.container);
    const started = performance.now();
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await api.call('POST', '/sources/discover', {
        token,
        body: { project_module: 'wallaby_hires_testbed', source_identifiers: ids.slice(i, i + 1000) },
      });
      if (r.status !== 202) throw new Error(r.text);
    }
    const done = () => api.logs.filter((l) => l.includes('"discovery batch done"'));
    const count = (key: string) =>
      done().reduce((s, l) => s + Number((JSON.parse(l) as Record<string, number>)[key] ?? 0), 0);
    while (count('discovered') + count('failed') < n) await new Promise((r) => setTimeout(r, 200));
    const wall = (performance.now() - started) / 1000;
    await worker.stop(5000);
    const queries = count('queries');
    return {
      label,
      n,
      wall,
      queries,
      failed: count('failed'),
      perQuery: (n * 3) / queries,
    };
  } finally {
    await api.close();
  }
};

console.log(
  `Discovery against the archive testbed (DaCHS ${tb.url}): 3 queries per source (visibilities, catalogue, evaluation files per dataset)`,
);
const rows = [
  await run('batched (upload 200, IN list 500, upload 500)', tb.projectYaml, batchedSources),
  await run('one source per query', perSourceYaml(tb.projectYaml), singleSources),
];
console.log(
  '| queries | sources | wall time (s) | sources/s | queries sent | source-queries per query | failed |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.label} | ${r.n} | ${r.wall.toFixed(1)} | ${(r.n / r.wall).toFixed(0)} | ${r.queries} | ${r.perQuery.toFixed(1)} | ${r.failed} |`,
  );
