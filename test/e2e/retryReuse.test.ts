// A retry restarts from what was staged, against the real archive testbed (issue 42, part 3): a
// proxy in front of DaCHS counts every download. The first attempt stages the source's files and
// is cancelled once submitted; its retry reuses them (the archive serves nothing again). Then one
// staged file is changed on disk: the next retry finds its checksum no longer matches, says so, and
// fetches that dataset again. Translator and backends are the mock ones (SERVICE_MOCK_PARTS): what
// is under test is staging.
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { archiveTestbedOrError } from '../support/archive.js';
import { archiveProxy } from '../support/archiveProxy.js';
import { graphDir, prepareProject } from '../support/project.js';
import { pollUntilEnded, runAttempt } from '../support/runThrough.js';

const module = 'wallaby_hires_testbed';
const source = 'HIPASSJ1318-21';
let api: TestApi;
let proxy: Awaited<ReturnType<typeof archiveProxy>>;
let p: Awaited<ReturnType<typeof prepareProject>>;
let work: string;

test.before(async () => {
  const tb = archiveTestbedOrError();
  if (tb instanceof Error) throw tb;
  work = mkdtempSync(join(tmpdir(), 'surveyor-retry-reuse-'));
  proxy = await archiveProxy(tb.url, { chunk: 256 * 1024, delayMs: 0 });
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_MOCK_PARTS: 'translator,backends',
    SERVICE_MOCK_STEP_MS: '10',
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_STAGING_DIR: join(work, 'staging'),
    SERVICE_STAGING_MIN_FREE_BYTES: '1048576',
    ARCHIVE_USERNAME: tb.username,
    ARCHIVE_PASSWORD_FILE: tb.passwordFile,
    ARCHIVE_CREDENTIAL_ORIGINS: proxy.url,
  });
  p = await prepareProject(api, [source], proxy.toProxy(tb.projectYaml), undefined, module);
});
test.after.always(async () => {
  await proxy?.close();
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const eventsOf = async (id: string, attempt: number) =>
  (
    await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
  ).items.filter((e) => e.payload['attempt'] === attempt);

/** Runs the attempt until it is submitted, then cancels it and polls until the backend confirms. */
const submitThenCancel = async (id: string, attempt: number) => {
  await runAttempt(api, id, attempt, 'submitted');
  const e = (await api.call('GET', `/executions/${id}`, { token: p.token })).body as {
    state: string;
    error: string;
  };
  if (e.state !== 'running') throw new Error(`attempt ${attempt} is ${e.state}, not running: ${e.error}`);
  const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token });
  if (c.status !== 202) throw new Error(c.text);
  return pollUntilEnded(api, id);
};

const retry = async (id: string) => {
  const r = await api.call('POST', `/executions/${id}/retry`, { token: p.token });
  if (r.status !== 202) throw new Error(r.text);
};

test.serial(
  'a retry reuses intact staged files without a download, and fetches a changed one again',
  async (t) => {
    const id = await p.execute(source);
    t.is(await submitThenCancel(id, 1), 'cancelled');
    const fetched = proxy.downloads.filter((d) => d.done).map((d) => d.path);
    t.true(fetched.length > 0, 'the first attempt downloaded the files');
    const staged = (await eventsOf(id, 1)).find((e) => e.kind === 'execution.staged')!.payload;

    await retry(id);
    t.is(await submitThenCancel(id, 2), 'cancelled');
    t.is(proxy.downloads.length, fetched.length, 'the archive served nothing for the retry');
    const second = await eventsOf(id, 2);
    const reused = second.filter((e) => e.kind === 'execution.staging_reused');
    t.is(reused.length, staged['datasets'] as number, 'every dataset reused');
    t.deepEqual(
      second.filter((e) => e.kind === 'execution.file_staged'),
      [],
    );
    t.like(second.find((e) => e.kind === 'execution.staged')!.payload, {
      datasets: staged['datasets'],
      bytes: staged['bytes'],
    });

    // One staged file changes on disk: its checksum no longer matches.
    const dir = join(api.container.get<Config>(TYPES.Config).SERVICE_STAGING_DIR!, id, source);
    const victim = readdirSync(dir).filter((f) => !f.endsWith('.part'))[0]!;
    appendFileSync(join(dir, victim), 'changed');
    await retry(id);
    t.is(await submitThenCancel(id, 3), 'cancelled');
    const third = await eventsOf(id, 3);
    const refused = third.filter((e) => e.kind === 'execution.staging_not_reused');
    t.is(refused.length, 1, 'the dataset holding the changed file is staged again');
    t.regex(
      String(refused[0]!.payload['why']),
      new RegExp(`${victim} has \\d+ bytes, not the \\d+ it was staged with`),
    );
    const again = proxy.downloads.slice(fetched.length).filter((d) => d.done);
    t.true(
      again.some((d) => d.path.endsWith(`/${victim}`)),
      `the changed file was downloaded again: ${again.map((d) => d.path).join(', ')}`,
    );
    // The other datasets are reused: none of their files is fetched again.
    const kept = third
      .filter((e) => e.kind === 'execution.staging_reused')
      .flatMap((e) => (e.payload['files'] as { path: string }[]).map((f) => f.path.split('/').pop()!));
    t.is(kept.length + refused.length > 0, true);
    t.false(
      again.some((d) => kept.some((name) => d.path.endsWith(`/${name}`))),
      'no file of a reused dataset is downloaded again',
    );
    t.like(third.find((e) => e.kind === 'execution.staged')!.payload, { datasets: staged['datasets'] });
  },
);
