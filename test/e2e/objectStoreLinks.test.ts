// Staging as CASDA serves it now, on the archive testbed: the async SODA job's results are
// pre-signed links to a real S3 server (moto), which expire, and some files come without a
// checksum. The object store's own request log says what reached it: which bytes, and whether any
// credential came along.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { ArchiveUnavailable } from '../../adapters/tap/archiveHttp.js';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import type { StageProgress, StageRequest, StagingState } from '../../core/ports/Stager.js';
import {
  type ArchiveTestbed,
  archiveTestbedOrError,
  objectStoreAction,
  objectStoreRequests,
  tapSync,
  testbedStager,
} from '../support/archive.js';

// The admin lets this process reach the testbed's loopback servers (the archive and its store).
setOutboundPolicy({ hosts: null, allowPrivate: true });

// Its own source: e2e/archiveFlow stages HIPASSJ1341-41 meanwhile, and these tests cut and expire links.
const source = 'HIPASSJ1342-42';
let tb: ArchiveTestbed;
let root: string;
let rows: { did: string; link: string; name: string }[];

test.before(async () => {
  const found = archiveTestbedOrError();
  if (found instanceof Error) throw found;
  tb = found;
  root = mkdtempSync(join(tmpdir(), 'surveyor-object-links-'));
  // The source's latest scheduling block: the one whose files the archive holds.
  const res = await tapSync(
    tb,
    `SELECT obs_publisher_did, access_url, filename, obs_id FROM ivoa.obscore WHERE target_name = '${source}' ORDER BY obs_id DESC, filename`,
    'csv',
    10,
  );
  const all = (await res.text())
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(','));
  const latest = all[0]![3];
  rows = all
    .filter((r) => r[3] === latest)
    .map(([did, link, name]) => ({ did: did!, link: link!, name: name! }));
  if (rows.length !== 2) throw new Error(`the testbed has ${rows.length} files of ${source}, not 2`);
});
test.after.always(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const archive = (): TapArchive => ({
  kind: 'tap',
  url: tb.tapUrl,
  timeout_seconds: 30,
  retries: 0,
  auth: 'archive_credentials',
  mode: 'sync',
  async_above_rows: 10_000,
  max_concurrent_queries: 2,
  origins: [tb.objectStoreUrl],
});

const stager = () => testbedStager(tb, root, { firstPollMs: 200, maxPollMs: 500 });

/** One dataset's request, and what it records and notes (kept across tries, as the core does). */
const dataset = (execution: string, row: (typeof rows)[number]) => {
  const kept = { state: null as StagingState | null };
  const notes: { kind: string; payload: Readonly<Record<string, unknown>> }[] = [];
  const request = (): StageRequest => ({
    executionId: execution,
    attempt: 1,
    sourceIdentifier: source,
    datasetIndex: 0,
    dataset: { dataset_id: row.name, row: { access_url: row.link, filename: row.name } },
    archiveName: 'casda',
    archive: archive(),
    resume: kept.state,
  });
  const progress: StageProgress = {
    record: async (s) => {
      kept.state = s;
    },
    note: async (kind, payload) => {
      notes.push({ kind, payload });
    },
  };
  return { request, progress, notes };
};

const ofFile = (name: string, since: number) =>
  objectStoreRequests(tb)
    .slice(since)
    .filter((r) => r.method === 'GET' && r.path === `/casda/${name}`);

test.serial(
  'an expired link is renewed through a new archive job and the download resumes where it stopped: no byte fetched twice, no credential at the store',
  async (t) => {
    const row = rows.find((r) => r.name.endsWith('beam01.fits'))!; // the archive gives no checksum for it
    const size = statSync(join(tb.files, row.name)).size;
    const cut = 300_000;
    const since = objectStoreRequests(tb).length;
    const d = dataset('exp-1', row);
    const s = stager();

    // The link drops after `cut` bytes: the try fails, the bytes that came stay on disk.
    await objectStoreAction(tb, 'cut', { key: row.name, after: String(cut) });
    await t.throwsAsync(s.stage(d.request(), d.progress), { instanceOf: ArchiveUnavailable });
    const dest = join(root, 'exp-1', source, row.name);
    t.is(statSync(`${dest}.part`).size, cut);

    // By the next try the archive's links have expired.
    await objectStoreAction(tb, 'expire', { key: row.name });
    const staged = await s.stage(d.request(), d.progress);
    t.true(
      readFileSync(dest).equals(readFileSync(join(tb.files, row.name))),
      'the archive file, byte for byte',
    );
    const part = staged.files![0]!;
    t.like(part, { name: row.name, size, checksum: null, verified_by: 'size' });
    t.false(part.url.includes('?'), 'the record keeps no signature');
    t.true(d.notes.some((n) => n.kind === 'links_refreshed'));
    t.like(d.notes.find((n) => n.kind === 'file_staged')?.payload, {
      resumed_from: cut,
      verified_by: 'size',
    });

    // The store's log: the cut GET, the expired link refused (from the cut), the fresh link from the cut.
    const gets = ofFile(row.name, since);
    t.deepEqual(
      gets.map((g) => [g.status, g.range, g.refused]),
      [
        [200, null, null],
        [403, `bytes=${cut}-`, 'RequestExpired'],
        [206, `bytes=${cut}-`, null],
      ],
    );
    t.is(
      gets.filter((g) => g.status === 200 || g.status === 206).reduce((n, g) => n + g.bytes, 0),
      size,
      'every byte served once',
    );
  },
);

test.serial('a file the archive gives a checksum for is verified by it, from the object store', async (t) => {
  const row = rows.find((r) => r.name.endsWith('beam00.fits'))!;
  const since = objectStoreRequests(tb).length;
  const d = dataset('sum-1', row);
  const staged = await stager().stage(d.request(), d.progress);
  const part = staged.files![0]!;
  t.is(part.verified_by, 'checksum');
  t.regex(String(part.checksum), /^[0-9a-f]{8} [0-9a-f]{40} [0-9a-f]+$/);
  t.deepEqual(
    ofFile(row.name, since).map((g) => g.status),
    [200],
  );
});

test.serial('no request to the object store carries a credential: only the link signs it', (t) => {
  const signed = objectStoreRequests(tb).filter((r) => r.signed);
  t.true(signed.length > 0);
  t.deepEqual(
    signed.filter((r) => r.authorization !== null || r.cookie),
    [],
  );
  t.deepEqual(
    signed.filter((r) => r.refused !== null && r.refused !== 'RequestExpired'),
    [],
    'no link arrived altered, or with a second way to authenticate',
  );
});
