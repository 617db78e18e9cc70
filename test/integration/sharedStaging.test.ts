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
  // The datalink endpoint: the IDs of each request; how it answers a request for several.
  const links: string[][] = [];
  const many = { refuse: false, leaveOut: new Set<string>(), overflowAfter: 0 };
  // Jobs run until let go (`hold`), and the most seen running at once.
  const running = { hold: false, most: 0 };
  const executing = () => jobs.filter((j) => j.phase === 'EXECUTING').length;
  let base = '';
  const body = (did: string) => Buffer.from(`the visibilities of ${did}\n`.repeat(50));
  const checksum = (did: string) => {
    const h = new CasdaHasher();
    h.update(body(did));
    return formatCasdaChecksum(h.digest());
  };
  const datalink = (dids: readonly string[], overflow = false) =>
    `<?xml version="1.0"?><VOTABLE version="1.3" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"><RESOURCE type="results"><TABLE>
<FIELD name="ID" datatype="char" arraysize="*"/><FIELD name="service_def" datatype="char" arraysize="*"/>
<FIELD name="error_message" datatype="char" arraysize="*"/><FIELD name="authenticated_id_token" datatype="char" arraysize="*"/>
<DATA><TABLEDATA>${dids.map((did) => `<TR><TD>${did}</TD><TD>async_service</TD><TD/><TD>tok-${did}</TD></TR>`).join('')}</TABLEDATA></DATA></TABLE>${overflow ? '<INFO name="QUERY_STATUS" value="OVERFLOW"/>' : ''}</RESOURCE>
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
      if (url.pathname === '/links') {
        const ids = url.searchParams.getAll('ID');
        links.push(ids);
        if (ids.length > 1 && many.refuse) res.writeHead(400).end('one ID at a time');
        else if (ids.length > 1 && many.overflowAfter > 0)
          res.writeHead(200).end(datalink(ids.slice(0, many.overflowAfter), true));
        else
          res.writeHead(200).end(datalink(ids.length > 1 ? ids.filter((i) => !many.leaveOut.has(i)) : ids));
      } else if (url.pathname === '/soda' && req.method === 'POST') {
        jobs.push({ ids: form.getAll('ID'), phase: 'PENDING', deleted: false });
        res.writeHead(303, { location: `${base}/soda/${jobs.length - 1}` }).end();
      } else if (!job || job.deleted) res.writeHead(404).end();
      else if (req.method === 'DELETE') {
        job.deleted = true;
        res.writeHead(303, { location: `${base}/soda` }).end();
      } else if (m![2] === '/phase') {
        if (form.get('PHASE') === 'RUN' && job.phase === 'PENDING')
          job.phase = running.hold
            ? 'EXECUTING'
            : job.ids.some((id) => fails.has(id))
              ? 'ERROR'
              : 'COMPLETED';
        running.most = Math.max(running.most, executing());
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
  /** Ends the jobs held running, in the order they were made. */
  const letGo = () => {
    for (const j of jobs) if (j.phase === 'EXECUTING') j.phase = 'COMPLETED';
  };
  return {
    base,
    jobs,
    fails,
    missing,
    links,
    many,
    running,
    letGo,
    body,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
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

const stager = (datasetsPerJob = 100, openJobs = 4) =>
  new CasdaStager({
    root,
    userAgent: 'surveyor/test',
    credentials: () => null,
    limits: { maxFileBytes: 1 << 20, minFreeBytes: 0, connectTimeoutMs: 5000, idleTimeoutMs: 5000 },
    parallelDownloads: 4,
    jobDeadlineMs: 10_000,
    datasetsPerJob,
    openJobs,
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

test.serial(
  "a run's datalinks are read many IDs to a request; what an answer leaves out is asked for alone",
  async (t) => {
    const asked = (from: number) => a.links.slice(from).map((ids) => ids.join());
    let from = a.links.length;
    const sixty = Array.from({ length: 60 }, (_, i) => `l${i}`);
    const staged = await stageAll(stager(), run('e8', sixty));
    t.deepEqual(
      a.links.slice(from).map((ids) => ids.length),
      [50, 10],
      'two requests for 60 datasets',
    );
    t.deepEqual(
      staged.map((f) => f.dataset_id),
      sixty,
    );

    // A dataset the answer has no row for is asked for alone.
    a.many.leaveOut.add('o2');
    from = a.links.length;
    await stageAll(stager(), run('e9', ['o1', 'o2', 'o3']));
    t.deepEqual(asked(from), ['o1,o2,o3', 'o2']);

    // A service that refuses several IDs at once: each is asked for alone.
    a.many.refuse = true;
    from = a.links.length;
    await stageAll(stager(), run('e10', ['r1', 'r2']));
    t.deepEqual(asked(from).sort(), ['r1', 'r1,r2', 'r2']);
    a.many.refuse = false;

    // An answer cut short (OVERFLOW): the last ID it lists may lack rows, so it goes alone, as do those after.
    a.many.overflowAfter = 2;
    from = a.links.length;
    const cut = await stageAll(stager(), run('e11', ['v1', 'v2', 'v3']));
    t.deepEqual(asked(from).sort(), ['v1,v2,v3', 'v2', 'v3']);
    t.deepEqual(
      cut.map((f) => f.dataset_id),
      ['v1', 'v2', 'v3'],
    );
    a.many.overflowAfter = 0;
  },
);

test.serial(
  'a process keeps at most SERVICE_STAGING_OPEN_JOBS archive jobs open; the rest wait',
  async (t) => {
    const waitFor = async (what: string, ok: () => boolean) => {
      for (const until = Date.now() + 5000; !ok(); await new Promise((r) => setTimeout(r, 20)))
        if (Date.now() > until) throw new Error(`waited 5 s for ${what}`);
    };
    a.running.hold = true;
    a.running.most = 0;
    const from = a.jobs.length;
    // Shared jobs (two datasets a job) and jobs of one dataset, one open at a time in the process.
    const shared = stager(2, 1);
    const single = stager(1, 1);
    const all = Promise.all([
      stageAll(shared, run('e12', ['a1', 'a2', 'a3', 'a4'])),
      stageAll(shared, run('e13', ['b1', 'b2'])),
      stageAll(single, run('e14', ['c1', 'c2'])),
    ]);
    await waitFor('the first jobs', () => a.jobs.length - from === 2);
    await new Promise((r) => setTimeout(r, 300));
    t.is(a.jobs.length - from, 2, 'one job open in each process; the others wait');
    const letGo = setInterval(a.letGo, 30);
    try {
      const staged = await all;
      t.is(staged.flat().length, 8);
    } finally {
      clearInterval(letGo);
      a.running.hold = false;
    }
    t.is(a.jobs.length - from, 5, 'three shared jobs, and one each for c1 and c2');
    t.is(a.running.most, 2, 'never more than one running per process');
  },
);
