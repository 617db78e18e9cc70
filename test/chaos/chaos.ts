// The chaos suite (scripts/chaos): executions on the real DALiuGE and real Slurm testbeds, with
// the workers on hosts of their own (network namespaces of the hosts testbed), while workers and
// the scheduler leader are SIGKILLed at random points (and a worker mid-discovery), PostgreSQL is
// stopped and started or SIGKILLed, loses its machine (a synchronous standby promoted) and is
// restored from a backup, the login node's sshd and the island manager are restarted, an
// SSH connection is cut in the middle of an upload, a worker and the scheduler leader are cut off
// from PostgreSQL, the database link gets 200 ms and 5% loss for a minute, and the login node's
// link flaps while runs are submitted, and the facility's QOS is lowered while the other user's
// jobs fill its nodes. Beside the runs created over the API, a survey run by automation on the
// facility takes new sources a group at a time throughout. Then it counts on the real systems and prints: executions
// ended, lost, submitted twice, the survey's sources run twice or never, leases left stuck,
// statements timed out, and the secrets found in
// every log line, API answer and table row of the run. Exit 0 only when all ended and the others
// are all 0.
//
//   node dist/test/chaos/chaos.js [small|large] [--seed N] [--setup-only]
// --setup-only stops once the size's processes run and its sources are registered and discovered,
// with no fault: scripts/test runs the large size so, so that it cannot rot unseen.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fastWorkerEnv } from '../support/child.js';
import { daliugeGraphDir, daliugeTestbed, deployCountingProxy } from '../support/daliuge.js';
import { hostsTestbed } from '../support/hosts.js';
import { startLinkRouter } from '../support/linkRouter.js';
import { freePort } from '../support/ports.js';
import { setFacilitySubmitLimit, slurmTestbed } from '../support/slurm.js';
import { tcpProxy } from '../support/tcpProxy.js';
import { until } from '../support/until.js';
import type { ChaosClient } from './client.js';
import { Cluster } from './cluster.js';
import { type Counts, type Created, countAll, terminal } from './count.js';
import { faultKinds, inject, seeded } from './faults.js';
import { autoModule, chaosModule, prepareChaosProject, sourcesPerRun } from './project.js';
import { type Fault, passed, report } from './report.js';
import { blindSpots, databaseDump, keyFileSecrets, scan, type Secret } from './secretsScan.js';

const sizes = {
  // Every fault once, about fifty executions: the size scripts/test runs (about five minutes).
  small: { rounds: 1, runsPerGap: 2, workers: 2, endWithinMs: 5 * 60_000 },
  // Every fault four times over, in a shuffled order each round.
  large: { rounds: 4, runsPerGap: 3, workers: 3, endWithinMs: 15 * 60_000 },
} as const;

const args = process.argv.slice(2);
const sizeName = (args.find((a) => a === 'small' || a === 'large') ?? 'small') as keyof typeof sizes;
const size = sizes[sizeName];
const setupOnly = args.includes('--setup-only');
const seedArg = args.indexOf('--seed');
const seed =
  seedArg >= 0
    ? Number(args[seedArg + 1])
    : Number(process.env['SURVEYOR_CHAOS_SEED'] ?? randomBytes(4).readUInt32BE());
const rand = seeded(seed);
const started = Date.now();
const say = (s: string) =>
  process.stdout.write(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${s}\n`);
const leaseSeconds = 5;
const keep = join(process.env['SURVEYOR_TESTBED_DIR'] ?? join(process.cwd(), '.testbed'), 'chaos');

const main = async (): Promise<number> => {
  const dlg = daliugeTestbed();
  const tb = slurmTestbed();
  const net = hostsTestbed();
  // The workers' hosts; they reach the translator, the island manager and the login node through
  // proxies on this machine's side of the bridge, and PostgreSQL through a router host, svh4.
  const workerHosts = ['svh1', 'svh2', 'svh3'].filter((h) => net.hosts.has(h));
  const routerHost = 'svh4';
  if (workerHosts.length < 3 || !net.hosts.has(routerHost))
    throw new Error('the hosts testbed needs svh1 to svh4 (scripts/testbed/hosts start)');
  say(`size ${sizeName}, seed ${seed} (replay: scripts/chaos ${sizeName} --seed ${seed})`);
  // The site-limit fault lowers it for a while; a run stopped in the middle left it low.
  setFacilitySubmitLimit(tb, tb.facility.maxSubmit);
  const work = mkdtempSync(join(tmpdir(), 'surveyor-chaos-'));
  // Run as root, the embedded PostgreSQL runs as an unprivileged user that must reach its directory.
  chmodSync(work, 0o755);
  const graphs = daliugeGraphDir();
  const dimFront = await deployCountingProxy({ host: dlg.dimHost, port: dlg.dimPort }, net.local);
  const dim = { deploys: dimFront.deploys };
  const sshFront = await tcpProxy({ host: tb.host, port: tb.port }, net.local);
  const tm = new URL(dlg.tmUrl);
  const tmFront = await tcpProxy({ host: tm.hostname, port: Number(tm.port) }, net.local);
  tm.hostname = net.local;
  tm.port = String(tmFront.port);
  const pgPort = await freePort();
  const pgLink = await startLinkRouter(routerHost, net.hosts.get(routerHost)!, {
    host: net.local,
    port: pgPort,
  });
  // The workers reach sshd through the proxy: its host key is listed under the proxy's address.
  const knownHosts = join(work, 'known_hosts');
  writeFileSync(
    knownHosts,
    readFileSync(tb.knownHosts, 'utf8').replaceAll(
      `[${tb.host}]:${tb.port} `,
      `[${net.local}]:${sshFront.port} `,
    ),
  );
  const jwtSecret = randomBytes(32).toString('base64url');
  const passwords = {
    admin: randomBytes(18).toString('base64url'),
    op: randomBytes(18).toString('base64url'),
  };
  const serviceDir = join(work, 'service');
  mkdirSync(serviceDir);
  const cluster = new Cluster(
    join(work, 'pg'),
    (url) =>
      fastWorkerEnv(url, serviceDir, {
        SERVICE_JWT_SECRET: jwtSecret,
        SERVICE_JOB_LEASE_SECONDS: String(leaseSeconds),
        SERVICE_BATCH_POLL_MIN_SECONDS: '1',
        SERVICE_DB_CONNECT_TIMEOUT_SECONDS: '3',
        SERVICE_ACCESS_TOKEN_TTL_SECONDS: '3600',
        SERVICE_USE_REAL_BACKENDS: 'true',
        // Deployment for real on the mock archive's rows: the archive has its own crash suites.
        SERVICE_MOCK_PARTS: 'archive,stager',
        SERVICE_TRANSLATOR_URL: tm.toString().replace(/\/$/, ''),
        SERVICE_GRAPH_DIR: graphs.dir,
        BATCH_SSH_PRIVATE_KEY_FILE: tb.key,
        BATCH_SSH_KNOWN_HOSTS_SOURCE: knownHosts,
      }),
    {
      hosts: workerHosts,
      databaseUrl: (local) => {
        const u = new URL(local);
        u.hostname = pgLink.address;
        u.port = String(pgLink.port);
        return u.toString();
      },
      databaseFront: { host: net.local, port: pgPort },
    },
  );
  cluster.onRestart = (line) => say(`supervisor: ${line}`);
  const created: Created[] = [];
  const injected: Fault[] = [];
  let counts: Counts | null = null;
  let setUp = false;
  let client: ChaosClient | null = null;
  let admin: ChaosClient | null = null;
  try {
    await cluster.startDb();
    await cluster.createUser('chaos-admin', 'admin', passwords.admin);
    await cluster.createUser('chaos-op', 'operator', passwords.op);
    const apiPort = await freePort();
    await cluster.startApi(apiPort);
    for (let i = 1; i <= size.workers; i++) cluster.startWorker(`worker-${i}`);
    say(`PostgreSQL, the API and ${size.workers} workers started (logs kept for the secrets scan)`);

    const runs = size.rounds * faultKinds.length * (size.runsPerGap + 1) + 2;
    const project = await prepareChaosProject({
      base: `http://127.0.0.1:${apiPort}/api/v2`,
      passwords,
      graphs,
      dim: { host: dlg.dimHost, port: dlg.dimPort, frontHost: net.local, frontPort: dimFront.port },
      slurm: { tb, frontHost: net.local, frontPort: sshFront.port },
      sources: runs,
      // More sources than runs, so a discovery is several batches long and a kill finds one running.
      extraSources: 300,
    });
    admin = project.admin;
    client = project.op;
    say(`${runs * sourcesPerRun} sources registered and discovered, ${sourcesPerRun} a run`);
    setUp = true;
    if (setupOnly) {
      say(`setup only: the ${sizeName} size's processes run and its sources are discovered; no faults`);
      return 0;
    }
    let next = 0;
    const startRun = async (backend: Created['backend']) => {
      const i = next++;
      await project.startRun(backend, i, `chaos-${seed}-${i}`, (id) => created.push({ id, backend }));
    };

    const plan = Array.from({ length: size.rounds }, () => rand.shuffle(faultKinds)).flat();
    say(`faults in this order: ${plan.join(', ')}`);
    for (const [n, kind] of plan.entries()) {
      for (let r = 0; r < size.runsPerGap; r++) {
        // A run on the island manager or the Slurm testbed, or a group of the survey's sources.
        const pick = rand.next();
        if (pick < 1 / 3) await project.addGroup();
        else await startRun(pick < 2 / 3 ? 'daliuge' : 'slurm');
        await sleep(rand.between(100, 1500));
      }
      // Soon after the last start, so that the fault finds work in flight.
      await sleep(rand.between(200, 2500));
      const f = await inject(kind, {
        cluster,
        sshProxy: sshFront,
        links: { local: net.local, database: pgLink, sshPort: sshFront.port },
        leaseSeconds,
        slurmHome: tb.home,
        rand,
        startRun,
        discover: project.discover,
        pauseAll: project.pauseAll,
        addGroup: project.addGroup,
        slurm: tb,
      });
      injected.push({ kind, ...f });
      say(`fault ${n + 1}/${plan.length} (${kind}): ${f.what}`);
    }
    say(
      `all faults injected; waiting for the ${created.length} executions and the survey's ${project.surveyed.length} sources to end`,
    );
    await until(
      'every execution to end, every source of the survey in one',
      async () => {
        const states = await cluster.db.map(
          'SELECT state FROM executions',
          [],
          (r: { state: string }) => r.state,
        );
        const unrun = await cluster.db.one<{ n: string }>(
          `SELECT count(*) AS n FROM sources s WHERE s.project_module = $1
              AND NOT EXISTS (SELECT 1 FROM executions e WHERE e.project_module = $1 AND s.id = ANY(e.source_ids))`,
          [autoModule],
        );
        return states.every((s) => terminal.has(s)) && Number(unrun.n) === 0;
      },
      size.endWithinMs,
    ).catch((err: Error) => say(err.message));
    // Automation's executions are the survey's: counted on Slurm like the rest.
    for (const id of await cluster.db.map(
      'SELECT id FROM executions WHERE project_module = $1 ORDER BY created_at',
      [autoModule],
      (r: { id: string }) => r.id,
    ))
      created.push({ id, backend: 'slurm' });
    // A lease left by a killed worker is taken over within a few lease periods, or it is stuck.
    await sleep(4 * leaseSeconds * 1000);
    counts = await countAll(cluster.db, created, dim, dlg.nodes, leaseSeconds, cluster.output(), autoModule);
  } finally {
    const dump = cluster.dbRunning
      ? await databaseDump(cluster.db).catch(() => new Map<string, string>())
      : new Map<string, string>();
    await cluster.stop();
    await dimFront.close();
    await sshFront.close();
    await tmFront.close();
    await pgLink.close();
    const secrets: Secret[] = [
      { name: 'SERVICE_JWT_SECRET', value: jwtSecret },
      { name: 'the admin password', value: passwords.admin },
      { name: 'the operator password', value: passwords.op },
      ...(cluster.password ? [{ name: 'the database password', value: cluster.password }] : []),
      ...keyFileSecrets('the SSH private key', tb.key),
      ...(admin?.tokens ?? []),
      ...(client?.tokens ?? []),
    ];
    const corpus = new Map<string, string>([
      ['process logs', cluster.output()],
      ['API answers', [...(admin?.answers ?? []), ...(client?.answers ?? [])].join('\n')],
      ...[...dump].map(([t, rows]) => [`table ${t}`, rows] as [string, string]),
    ]);
    const hits = scan(secrets, corpus);
    const blind = blindSpots(
      [
        { where: 'process logs', value: 'worker started' },
        { where: 'API answers', value: chaosModule },
        { where: 'table users', value: 'chaos-op' },
        { where: 'table provenance_events', value: 'execution.submitted' },
      ],
      corpus,
    );
    if (!setupOnly)
      report(
        `chaos ${sizeName}, seed ${seed}`,
        counts,
        injected,
        {
          hits,
          blind,
          secrets: secrets.length,
          places: corpus.size,
          answers: (admin?.answers.length ?? 0) + (client?.answers.length ?? 0),
        },
        client,
      );
    // The run's process output stays for a look afterwards (the next run replaces it).
    mkdirSync(keep, { recursive: true });
    writeFileSync(join(keep, 'processes.log'), cluster.output());
    rmSync(work, { recursive: true, force: true });
    rmSync(graphs.dir, { recursive: true, force: true });
    const failed = setupOnly ? !setUp : !passed(counts, injected, hits, blind);
    process.exitCode = failed ? 1 : 0;
  }
  return Number(process.exitCode);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`chaos: ${err.stack ?? err.message}\n`);
    process.exit(1);
  },
);
