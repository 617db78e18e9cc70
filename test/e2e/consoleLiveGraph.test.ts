// The run's graph live, in Chromium, on the real DALiuGE testbed: two commands of different length
// (TwoCommands.graph patched to sleep 8 s and 24 s) run side by side; the console reads the drops'
// states from the island manager and the first command's box turns from running to done while
// the second still runs, then every box is done. The two patched commands are marked, and listed
// with the values the patches set.
import test from 'ava';
import { consoleSession } from '../support/consoleSession.js';
import { daliugeGraphDir, daliugeTestbed, yamlWithGraph } from '../support/daliuge.js';
import { manualWallabyYaml } from '../support/project.js';

const dlg = daliugeTestbed();
const graphs = daliugeGraphDir();
const c = consoleSession('live-graph', () => ({
  SERVICE_USE_REAL_BACKENDS: 'true',
  // The data are the mock archive's: the graph is what is watched.
  SERVICE_MOCK_PARTS: 'archive,stager',
  SERVICE_TRANSLATOR_URL: dlg.tmUrl,
  SERVICE_OUTBOUND_ALLOW_PRIVATE: 'true',
  SERVICE_GRAPH_DIR: graphs.dir,
}));

const patches = `
  - match: { kind: node_name, equals: Run command }
    set:
      command: "sleep 8"
  - match: { kind: node_name, equals: Run later }
    set:
      command: "sleep 24"`;

test.serial("a viewer watches the run's boxes change colour as its drops finish", async (t) => {
  t.timeout(240_000);
  const api = await c.apiAs('ada');
  await api(
    'POST',
    '/project-configs',
    yamlWithGraph('TwoCommands.graph', graphs.sha['TwoCommands.graph']!, patches, manualWallabyYaml),
    'application/x-yaml',
  );
  await api('POST', '/deployment-profiles', {
    name: 'dim-testbed',
    project_module: 'wallaby_hires',
    is_default: true,
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    deployment: { kind: 'rest_remote', deploy_host: dlg.dimHost, deploy_port: dlg.dimPort },
  });
  const bulk = await api('POST', '/sources/bulk', {
    project_module: 'wallaby_hires',
    sources: [{ source_identifier: 'HIPASSJ0001-23' }],
  });
  const source = (bulk['items'] as { uuid: string }[])[0]!.uuid;
  await api('POST', '/sources/discover', {
    project_module: 'wallaby_hires',
    source_identifiers: ['HIPASSJ0001-23'],
  });
  for (let i = 0; (await api('GET', `/sources/${source}/status`))['ready'] !== true; i++) {
    if (i > 120) throw new Error('the source was not discovered');
    await new Promise((r) => setTimeout(r, 500));
  }
  const made = await api('POST', '/executions', {
    project_module: 'wallaby_hires',
    archive_name: 'casda',
    sources: [{ source_identifier: 'HIPASSJ0001-23' }],
  });
  const id = made['uuid'] as string;
  await api('POST', `/executions/${id}/execute`, { do_stage: false });

  const { page } = await c.newContext(t, 'viewer-live');
  await page.goto(`${c.base}/#/executions/${id}`);
  await c.signIn(page, 'vera');
  await page.getByRole('heading', { level: 1, name: /^Execution / }).waitFor();
  const box = (name: string) => page.locator('g.gnode').filter({ hasText: name });
  const drawn = page.getByRole('img', { name: /^The run's graph: / });
  // While both commands run: each box running, read live from the island manager.
  await box('Run command').and(page.locator('.g-running')).waitFor({ timeout: 120_000 });
  await box('Run later').and(page.locator('.g-running')).waitFor();
  t.regex((await drawn.getAttribute('aria-label')) ?? '', /\(live, read at \d{4}-\d\d-\d\dT/);
  // The short one ends: its box is done while the long one still runs, and the run is not over.
  await box('Run command').and(page.locator('.g-done')).waitFor({ timeout: 30_000 });
  t.is(await box('Run later').getAttribute('class'), 'gnode g-running g-patched');
  const mid = await api('GET', `/executions/${id}/status`);
  t.is(mid['state'], 'running', 'the run goes on while the first command is done');
  // The patches are marked on the nodes they set, and listed with what they set.
  t.regex((await box('Run command').locator('title').textContent()) ?? '', /; patched: command = sleep 8$/);
  t.is(await page.locator('g.gnode.g-patched').count(), 2, 'the two commands, and nothing else');
  const patched = page.getByRole('table', { name: 'Graph patches applied' });
  t.deepEqual((await patched.locator('tbody tr').allTextContents()).sort(), [
    'Run commandcommandsleep 8',
    'Run latercommandsleep 24',
  ]);
  await c.record(t, page, 'live-graph-midway');
  // Then the long one, and the run completes: every box done.
  await box('Run later').and(page.locator('.g-done')).waitFor({ timeout: 60_000 });
  await page.getByText('completed', { exact: true }).first().waitFor({ timeout: 60_000 });
  t.is(await page.locator('g.gnode:not(.g-done)').count(), 0);
  // The CLI's look at the same states, after the end: nothing to read, and why.
  const after = await api('GET', `/executions/${id}/drop-states`);
  t.like(after, { source: 'none', note: "the run ended completed: its drops' end is in its record" });
});

c.checkProblems();
