// The web console with 10,000 executions and 100,000 sources in the database: for each page, how
// long Chromium takes from navigation until its rows are drawn (median of 5), and the API reads
// behind it served alone (median of 20). Shows that no page loads a whole table. Asserts nothing.
// Run: scripts/bench console
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Db } from '../../adapters/postgres/db.js';
import { consoleDir } from '../../hosts/api/consoleAssets.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { defaultPassword, startTestApi } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import { prepareProject } from '../support/project.js';

const sources = 100_000;
const executions = 10_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const api = await startTestApi({ SERVICE_LOG_LEVEL: 'warn' });
const browser = await launchChromium();
try {
  const p = await prepareProject(api, ['HIPASSJ9999+99']);
  const db = api.container.get<Db>(TYPES.Db);
  const t0 = performance.now();
  await db.none(
    `INSERT INTO sources (id, project_module, source_identifier, enabled, discovery_state, discovered_at, config_version,
       metadata, discovery_flags, signature, created_at, updated_at)
     SELECT gen_random_uuid(), 'wallaby_hires', 'HIPASSB' || g, g % 1000 <> 0,
       CASE WHEN g % 997 = 0 THEN 'failed' ELSE 'done' END, now() - make_interval(secs => g), 1,
       '{"datasets": [{"sbid": "1"}], "queries": {}, "vars": {}}', '{"ra_dec_vsys_complete": true}', 'sig-' || g, now(), now()
     FROM generate_series(1, $1) g`,
    [sources],
  );
  const profile = await db.one<{ row: unknown }>(
    `SELECT to_jsonb(p) - 'is_default' AS row FROM deployment_profiles p WHERE name = 'mock-dim'`,
  );
  // A mix of states, with failures that carry a reason, over the last ten days.
  await db.none(
    `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sources LIMIT $1)
     INSERT INTO executions (id, project_module, config_version, profile_snapshot, archive_name, source_ids, state, attempt,
       do_stage, do_submit, error, finished_at, created_by, created_at, updated_at)
     SELECT gen_random_uuid(), 'wallaby_hires', 1, $2::jsonb, 'casda', ARRAY[s.id],
       (ARRAY['completed','completed','completed','failed','cancelled','running','pending'])[1 + s.n % 7], 1, true, true,
       CASE WHEN s.n % 7 = 3 THEN 'the island manager reported drop ' || s.n || ' in error' END,
       CASE WHEN s.n % 7 BETWEEN 0 AND 4 THEN now() - make_interval(mins => s.n::int) END,
       'bench', now() - make_interval(mins => s.n::int), now()
     FROM s`,
    [executions, JSON.stringify(profile.row)],
  );
  await db.none('VACUUM ANALYZE');
  console.log(
    `${sources.toLocaleString('en')} sources and ${executions.toLocaleString('en')} executions loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const someExecution = (
    await db.one<{ id: string }>(`SELECT id FROM executions WHERE state = 'failed' LIMIT 1`)
  ).id;
  const someSource = (await db.one<{ id: string }>(`SELECT id FROM sources LIMIT 1 OFFSET 5000`)).id;

  const pages: [string, string, string, string[]][] = [
    ['Overview', 'overview', '.tiles li', ['/overview', '/ready']],
    [
      'Executions',
      'executions',
      'tbody tr',
      ['/executions?limit=50', '/project-configs', '/deployment-profiles?limit=500'],
    ],
    ['Executions, failed', 'executions?state=failed', 'tbody tr', ['/executions?state=failed&limit=50']],
    [
      'Execution',
      `executions/${someExecution}`,
      '.facts .badge',
      [
        `/executions/${someExecution}/status`,
        `/executions/${someExecution}/summary`,
        `/executions/${someExecution}/events?limit=500`,
        `/executions/${someExecution}/ledger-snapshot`,
      ],
    ],
    [
      'Sources',
      'sources?project=wallaby_hires',
      'tbody tr',
      ['/sources?project_module=wallaby_hires&limit=100'],
    ],
    // The filters: a hundred of the sources are disabled, a hundred failed discovery (spread over
    // the identifiers, so a page that read them in order would read the whole project).
    [
      'Sources, discovery failed',
      'sources?project=wallaby_hires&discovery=failed',
      'tbody tr',
      ['/sources?project_module=wallaby_hires&discovery_state=failed&limit=100'],
    ],
    [
      'Sources, disabled',
      'sources?project=wallaby_hires&enabled=false',
      'tbody tr',
      ['/sources?project_module=wallaby_hires&enabled=false&limit=100'],
    ],
    [
      'Sources, by prefix',
      'sources?project=wallaby_hires&prefix=HIPASSB9999',
      'tbody tr',
      ['/sources?project_module=wallaby_hires&identifier_prefix=HIPASSB9999&limit=100'],
    ],
    [
      'Source',
      `sources/${someSource}`,
      '.facts',
      [
        `/sources/${someSource}/status`,
        `/sources/${someSource}/events?limit=200`,
        `/executions?source_id=${someSource}&limit=10`,
      ],
    ],
    ['New execution', 'executions/new', '.checks li', ['/sources?project_module=wallaby_hires&limit=100']],
    ['Project configurations', 'projects', 'pre.yaml', ['/project-configs/wallaby_hires/versions?limit=100']],
  ];

  const apiMs = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      const r = await api.call('GET', path, { token: p.token });
      if (r.status !== 200 && !(path === '/ready' && r.status === 503))
        throw new Error(`${path}: ${r.status} ${r.text.slice(0, 200)}`);
      times.push(performance.now() - start);
    }
    return median(times);
  };

  const context = await browser.newContext();
  const page = await context.newPage();
  const root = api.base.replace(/\/api\/v2$/, '');
  await page.goto(`${root}/`);
  await page.getByLabel('Username').fill(p.operator);
  await page.getByLabel('Password').fill(defaultPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();

  console.log('\n| page | drawn in (ms, median of 5) | API reads behind it (ms each, median of 20) |');
  console.log('|---|---|---|');
  for (const [name, hash, ready, reads] of pages) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto('about:blank');
      const start = performance.now();
      await page.goto(`${root}/#/${hash}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      times.push(performance.now() - start);
    }
    const each = [];
    for (const r of reads)
      each.push(`${r.split('?')[0]!.replace(/[0-9a-f-]{36}/, '{id}')} ${(await apiMs(r)).toFixed(1)}`);
    console.log(`| ${name} | ${median(times).toFixed(0)} | ${each.join('; ')} |`);
  }
  await context.close();
  const files = readdirSync(consoleDir);
  const js = files.find((f) => f.endsWith('.js'))!;
  const css = files.find((f) => f.endsWith('.css'))!;
  const gz = (f: string) => gzipSync(readFileSync(join(consoleDir, f)), { level: 9 }).length;
  console.log(
    `\nconsole script ${(statSync(join(consoleDir, js)).size / 1024).toFixed(1)} KB (${(gz(js) / 1024).toFixed(1)} KB gzipped, budget 150), stylesheet ${(gz(css) / 1024).toFixed(1)} KB gzipped`,
  );
} finally {
  await browser.close();
  await api.close();
}
