// Staging many datasets in one archive job, on real sockets against a small CASDA-shaped server
// (datalink, async SODA as UWS, results with CASDA checksums) that this test can make misbehave:
// a job that fails whole, a result missing, a job recorded but never started. The real archive
// (DaCHS) is staged from in test/e2e/archiveFlow and test/slurm/survey.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { CasdaHasher, formatCasdaChecksum } from '../../adapters/tap/casdaChecksum.js';
import { CasdaStager } from '../../adapters/tap/casdaStager.js';
import { PermanentJobError } from '../../core/domain/job.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import type { StageProgress, StageRequest, StagingState } from '../../core/ports/Stager.js';

setOutboundPolicy({ hosts: null, allowPrivate: true });

interface Job {
  readonly ids: string[];
  phase: string;
  deleted: boolean;
}

/** A CASDA-shaped archive: a token per dataset, jobs holding any tokens, a file per token. */
const archive = async () => {
  const jobs: Job[] = [];
  const fails = new Set<string>(); // tokens that fail a job
  const missing = new Set<string>(); // tokens whose file a job leaves out
  let base = '';
  const body = (did: string) => Buffer.from(`the visibilities of ${did}\n`.repeat(50));
  const checksum = (did: string) => {
    const h = new CasdaHasher();
    h.update(body(did));
    return formatCasdaChecksum(h.digest());
  };
  const datalink = (did: string) =>
    `<?xml version="1.0"?><VOTABLE version="1.3" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"><RESOURCE type="results"><TABLE>
<FIELD name="ID" datatype="char" arraysize="*"/><FIELD name="service_def" datatype="char" arraysize="*"/>
<FIELD name="error_message" datatype="char" arraysize="*"/><FIELD name="authenticated_id_token" datatype="char" arraysize="*"/>
<DATA><TABLEDATA><TR><TD>${did}</TD><TD>async_service</TD><TD/><TD>tok-${did}</TD></TR></TABLEDATA></DATA></TABLE></RESOURCE>
<RESOURCE type="meta" utype="adhoc:service" ID="async_service">
<PARAM name="standardID" datatype="char" arraysize="*" value="ivo://ivoa.net/std/SODA#async-1.0"/>
<PARAM name="accessURL" datatype="char" arraysize="*" value="${base}/soda"/></RESOURCE></VOTABLE>`;
  const jobXml = (n: number, j: Job) => {
    const results =
      j.phase === 'COMPLETED'
        ? j.ids
            .filter((id) => !missing.has(id))
            .flatMap((id) => {
              const did = id.slice(4);
              return [`${did}.fits`, `${did}.fits.checksum`].map(
                (name) => `<uws:result id="${name}" xlink:href="${base}/soda/${n}/results/${name}"/>`,
              );
            })
            .join('')
        : '';
    return `<uws:job xmlns:uws="http://www.ivoa.net/xml/UWS/v1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><uws:phase>${j.phase}</uws:phase>${j.phase === 'ERROR' ? '<uws:errorSummary><uws:message>no such file</uws:message></uws:errorSummary>' : ''}<uws:results>${results}</uws:results></uws:job>`;
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const m = /^\/soda\/(\d+)(\/phase|\/results\/(.+))?$/.exec(url.pathname);
      const job = m ? jobs[Number(m[1])] : undefined;
      if (url.pathname === '/links') res.writeHead(200).end(datalink(url.searchParams.get('ID')!));
      else if (url.pathname === '/soda' && req.method === 'POST') {
        jobs.push({ ids: form.getAll('ID'), phase: 'PENDING', deleted: false });
        res.writeHead(303, { location: `${base}/soda/${jobs.length - 1}` }).end();
      } else if (!job || job.deleted) res.writeHead(404).end();
      else if (req.method === 'DELETE') {
        job.deleted = true;
        res.writeHead(303, { location: `${base}/soda` }).end();
      } else if (m![2] === '/phase') {
        if (form.get('PHASE') === 'RUN' && job.phase === 'PENDING')
          job.phase = job.ids.some((id) => fails.has(id)) ? 'ERROR' : 'COMPLETED';
        res.writeHead(303, { location: `${base}/soda/${m![1]}` }).end();
      } else if (m![3]) {
        const name = m![3];
        const did = name.replace(/\.fits(\.checksum)?$/, '');
        res.writeHead(200).end(name.endsWith('.checksum') ? checksum(did) : body(did));
      } else res.writeHead(200).end(jobXml(Number(m![1]), job));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, jobs, fails, missing, body, close: () => new Promise<void>((r) => server.close(() => r())) };
};

let a: Awaited<ReturnType<typeof archive>>;
let root: string;
test.before(async () => {
  a = await archive();
  root = mkdtempSync(join(tmpdir(), 'surveyor-shared-staging-'));
});
test.after.always(async () => {
  await a?.close();
  rmSync(root, { recursive: true, force: true });
});

const tap = (): TapArchive => ({
  kind: 'tap',
  url: `${a.base}/tap`,
  timeout_seconds: 5,
  retries: 0,
  auth: 'none',
  mode: 'sync',
  async_above_rows: 10_000,
  max_concurrent_queries: 2,
  origins: [],
});

const stager = (datasetsPerJob = 100) =>
  new CasdaStager({
    root,
    userAgent: 'surveyor/test',
    credentials: () => null,
    limits: { maxFileBytes: 1 << 20, minFreeBytes: 0, connectTimeoutMs: 5000, idleTimeoutMs: 5000 },
    parallelDownloads: 4,
    jobDeadlineMs: 10_000,
    datasetsPerJob,
    uws: { firstPollMs: 20, maxPollMs: 50 },
  });

/** Requests for the datasets `dids` of one run, and what each recorded. */
const run = (execution: string, dids: readonly string[], resume: (StagingState | null)[] = []) => {
  const states: (StagingState | null)[] = dids.map((_, i) => resume[i] ?? null);
  const notes: { kind: string; payload: Readonly<Record<string, unknown>> }[] = [];
  const requests: StageRequest[] = dids.map((did, i) => ({
    executionId: execution,
    attempt: 1,
    sourceIdentifier: `HIPASSJ${i}`,
    datasetIndex: 0,
    dataset: { dataset_id: did, row: { access_url: `${a.base}/links?ID=${did}`, filename: `${did}.fits` } },
    archiveName: 'casda',
    archive: tap(),
    resume: states[i]!,
  }));
  const progress: StageProgress[] = dids.map((_, i) => ({
    record: async (s) => {
      states[i] = s;
    },
    note: async (kind, payload) => {
      notes.push({ kind, payload });
    },
  }));
  return { requests, progress, states, notes };
};

/** What the core does: prepare them together, then stage each from what prepare returned. */
const stageAll = async (s: CasdaStager, r: ReturnType<typeof run>) => {
  const prepared = await s.prepare(r.requests, r.progress);
  return Promise.all(
    r.requests.map((req, i) => s.stage({ ...req, resume: prepared[i] ?? req.resume }, r.progress[i]!)),
  );
};

test.serial(
  "a run's datasets are asked for in one archive job, each file found in it by its name",
  async (t) => {
    const before = a.jobs.length;
    const r = run('e1', ['d1', 'd2', 'd3']);
    const staged = await stageAll(stager(), r);
    t.is(a.jobs.length - before, 1, 'one job for the three datasets');
    const job = a.jobs[before]!;
    t.deepEqual(job.ids, ['tok-d1', 'tok-d2', 'tok-d3']);
    for (const [i, did] of ['d1', 'd2', 'd3'].entries()) {
      t.is(staged[i]!.dataset_id, did);
      t.deepEqual(readFileSync(staged[i]!.path), a.body(did), `${did}: its own file`);
      t.true(staged[i]!.checksum !== null, `${did}: verified against its checksum`);
    }
    t.true(job.deleted, 'the last dataset to take its files deleted the job');
    const made = r.notes.filter((n) => n.kind === 'job_created');
    t.is(made.length, 1);
    t.is(made[0]!.payload['datasets'], 3);
    // Each dataset recorded the shared job as its own, and that it is complete.
    for (const s of r.states) t.like(s, { job: { shared: true }, complete: true });

    // At most `datasetsPerJob` in a job; one dataset left over is asked for alone.
    const from = a.jobs.length;
    await stageAll(stager(2), run('e2', ['d4', 'd5', 'd6']));
    t.deepEqual(
      a.jobs.slice(from).map((j) => j.ids),
      [['tok-d4', 'tok-d5'], ['tok-d6']],
    );
  },
);

test.serial(
  'a shared job that fails whole: each dataset asks for its own, and only the bad one fails',
  async (t) => {
    a.fails.add('tok-bad');
    const from = a.jobs.length;
    const r = run('e3', ['g1', 'bad', 'g2']);
    const s = stager();
    const prepared = await s.prepare(r.requests, r.progress);
    const results = await Promise.allSettled(
      r.requests.map((req, i) => s.stage({ ...req, resume: prepared[i] ?? null }, r.progress[i]!)),
    );
    t.is(a.jobs[from]!.phase, 'ERROR');
    t.deepEqual(
      a.jobs
        .slice(from + 1)
        .map((j) => j.ids.join())
        .sort(),
      ['tok-bad', 'tok-g1', 'tok-g2'],
      'then a job each',
    );
    t.is(results[0]!.status, 'fulfilled');
    t.is(results[2]!.status, 'fulfilled');
    t.is(results[1]!.status, 'rejected');
    const err = (results[1] as PromiseRejectedResult).reason as Error;
    t.true(err instanceof PermanentJobError);
    t.regex(err.message, /no such file/);
  },
);

test.serial('a result missing from the shared job fails that dataset, naming what the job has', async (t) => {
  a.missing.add('tok-m2');
  const r = run('e4', ['m1', 'm2']);
  const s = stager();
  const prepared = await s.prepare(r.requests, r.progress);
  const results = await Promise.allSettled(
    r.requests.map((req, i) => s.stage({ ...req, resume: prepared[i] ?? null }, r.progress[i]!)),
  );
  t.is(results[0]!.status, 'fulfilled');
  const err = (results[1] as PromiseRejectedResult).reason as Error;
  t.true(err instanceof PermanentJobError);
  t.regex(err.message, /has no file m2\.fits for dataset m2 \(it has m1\.fits, m1\.fits\.checksum\)/);
});

test.serial(
  'a shared job recorded but never started is started by the next try, not made again',
  async (t) => {
    // The first try recorded the job's URL, then stopped before anything started it.
    const first = run('e5', ['p1', 'p2']);
    await stager().prepare(first.requests, first.progress);
    const job = a.jobs[a.jobs.length - 1]!;
    t.is(job.phase, 'PENDING');
    const jobsBefore = a.jobs.length;
    // A new process (nothing in memory) resumes from the records alone.
    const again = run('e5', ['p1', 'p2'], first.states);
    const staged = await stageAll(stager(), again);
    t.is(a.jobs.length, jobsBefore, 'no new job');
    t.is(job.phase, 'COMPLETED');
    t.deepEqual(
      staged.map((f) => f.dataset_id),
      ['p1', 'p2'],
    );
    t.false(job.deleted, 'after a takeover nobody counts its datasets: the archive expires it');
  },
);

test.serial(
  'with one dataset per job, or datasets without a file name, each is asked for alone',
  async (t) => {
    const from = a.jobs.length;
    await stageAll(stager(1), run('e6', ['s1', 's2']));
    t.is(a.jobs.length - from, 2);
    const r = run('e7', ['n1', 'n2']);
    const bare = r.requests.map((q) => ({
      ...q,
      dataset: {
        ...q.dataset,
        row: { access_url: (q.dataset['row'] as Record<string, string>)['access_url'] },
      },
    }));
    const s = stager();
    t.deepEqual(await s.prepare(bare, r.progress), [null, null]);
    t.is(a.jobs.length - from, 2, 'prepare made no job');
  },
);
