// The DALiuGE testbed: its addresses and graphs, configurations with a BashCommand graph, and
// dimProxy, which can swallow a request or reset a connection as a DIM that is down.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manualWallabyYaml } from './project.js';
import { until } from './until.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export interface DaliugeTestbed {
  readonly dimHost: string;
  readonly dimPort: number;
  readonly tmUrl: string;
  readonly nodes: readonly string[];
  /** The testbed's `dlg` command (its virtual environment), to start an island manager of a test's own. */
  readonly dlg: string;
}

/**
 * The running DALiuGE testbed (scripts/testbed/daliuge): from DALIUGE_TESTBED_* (scripts/test
 * exports them) or the testbed's env file. Without it the suite fails, saying how to start it.
 */
export const daliugeTestbed = (): DaliugeTestbed => {
  const vars: Record<string, string | undefined> = { ...process.env };
  const file = join(process.env['SURVEYOR_TESTBED_DIR'] ?? join(repo, '.testbed'), 'daliuge', 'env');
  if (!vars['DALIUGE_TESTBED_DIM_PORT'] && existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(DALIUGE_TESTBED_\w+)=(.*)$/.exec(line);
      if (m) vars[m[1]!] = m[2];
    }
  if (!vars['DALIUGE_TESTBED_DIM_PORT'] || !vars['DALIUGE_TESTBED_TM_URL'])
    throw new Error(
      'the DALiuGE testbed is not running: start it with scripts/testbed/daliuge start (scripts/test starts it itself)',
    );
  return {
    dimHost: vars['DALIUGE_TESTBED_DIM_HOST'] ?? '127.0.0.1',
    dimPort: Number(vars['DALIUGE_TESTBED_DIM_PORT']),
    tmUrl: vars['DALIUGE_TESTBED_TM_URL']!,
    nodes: (vars['DALIUGE_TESTBED_NODES'] ?? '').split(',').filter(Boolean),
    dlg:
      vars['DALIUGE_TESTBED_DLG'] ??
      join(process.env['SURVEYOR_TESTBED_DIR'] ?? join(repo, '.testbed'), 'daliuge', 'venv', 'bin', 'dlg'),
  };
};

/**
 * The API's environment for runs on the DALiuGE testbed: real backends (the archive and stager
 * mock: they have their own suites), its translator, the graphs in `graphDir`, ticks and polls
 * every second; `extra` adds to it.
 */
export const daliugeApiEnv = (tb: DaliugeTestbed, graphDir: string, extra: Record<string, string> = {}) => ({
  SERVICE_USE_REAL_BACKENDS: 'true',
  SERVICE_MOCK_PARTS: 'archive,stager',
  SERVICE_TRANSLATOR_URL: tb.tmUrl,
  SERVICE_GRAPH_DIR: graphDir,
  SERVICE_EXECUTION_TICK_SECONDS: '1',
  SERVICE_SCHEDULER_CHECK_SECONDS: '1',
  SERVICE_REST_POLL_MIN_SECONDS: '1',
  ...extra,
});

/** A graph directory with a shared upstream graph and our fixture graph, and their digests. */
export const daliugeGraphDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-dlg-graphs-'));
  const sources = {
    // Upstream's own example, as shipped in schema/examples/graphs.
    'HelloWorld-simple.graph': join(repo, 'schema/examples/graphs/HelloWorld-simple.graph'),
    // Its FileDROP insists on an existing file: a DIM refuses to deploy it on a fresh machine.
    'HelloWorld_simple.graph': join(repo, 'schema/examples/graphs/HelloWorld_simple.graph'),
    'BashCommand.graph': join(repo, 'test/fixtures/graphs/BashCommand.graph'),
    'TwoCommands.graph': join(repo, 'test/fixtures/graphs/TwoCommands.graph'),
  };
  const sha: Record<string, string> = {};
  for (const [name, from] of Object.entries(sources)) {
    copyFileSync(from, join(dir, name));
    sha[name] = createHash('sha256')
      .update(readFileSync(join(dir, name)))
      .digest('hex');
  }
  return { dir, sha };
};

/**
 * The manual WALLABY project (or `base`) with another graph and patches (YAML after
 * `graph_patches:`, e.g. ' []'); the graph and its patches are the sections before
 * output_verification or automation.
 */
export const yamlWithGraph = (path: string, sha256: string, patches: string, base = manualWallabyYaml) => {
  const graph = /^graph:\n[\s\S]*?\n(?=output_verification:|automation:)/m;
  if (!graph.test(base)) throw new Error('a configuration with another graph: no graph section found');
  return base.replace(graph, `graph:\n  path: ${path}\n  sha256: ${sha256}\n\ngraph_patches:${patches}\n\n`);
};

/** A graph patch setting the fixture's bash command. */
export const bashCommand = (command: string) =>
  `\n  - match: { kind: node_name, equals: Run command }\n    set:\n      command: ${JSON.stringify(command)}`;

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  /** The client's address, so a test can tell which host sent it. */
  readonly from: string;
}

/**
 * An HTTP proxy in front of the island manager that sees every request, so a test can act at a
 * precise point of a submission (for example kill the worker when it creates the session).
 * `before(req)` returning 'drop' swallows the request (the client never gets an answer), 'reset'
 * ends its connection at once (a DIM that is down);
 * `after(req, status)` runs once the DIM answered and before the answer is passed on.
 */
export const dimProxy = async (
  dim: { host: string; port: number },
  hooks: {
    before?: (r: SeenRequest) => Promise<'pass' | 'drop' | 'reset'> | 'pass' | 'drop' | 'reset';
    after?: (r: SeenRequest, status: number) => Promise<void> | void;
  } = {},
  /** Where it listens: loopback, or this machine's side of the hosts testbed's bridge. */
  listenHost = '127.0.0.1',
) => {
  const seen: SeenRequest[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const r = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      from: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
    };
    seen.push(r);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const verdict = await hooks.before?.(r);
    if (verdict === 'drop') return; // left hanging: the client is killed meanwhile
    if (verdict === 'reset') {
      req.socket.destroy(); // as an island manager that is down: the connection ends unanswered
      return;
    }
    const up = request(
      { host: dim.host, port: dim.port, method: r.method, path: r.path, headers: req.headers },
      async (answer) => {
        const body: Buffer[] = [];
        for await (const c of answer) body.push(c as Buffer);
        await hooks.after?.(r, answer.statusCode ?? 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(Buffer.concat(body));
      },
    );
    up.on('error', () => res.destroy());
    up.end(Buffer.concat(chunks));
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * A proxy in front of the island manager that counts, per session id, the deploys it answered with
 * success: how the suites see that no session was deployed twice.
 */
export const deployCountingProxy = async (dim: { host: string; port: number }, listenHost = '127.0.0.1') => {
  const deploys = new Map<string, number>();
  const proxy = await dimProxy(
    dim,
    {
      after: (r, status) => {
        const m = /^\/api\/sessions\/([^/]+)\/deploy$/.exec(r.path);
        if (r.method === 'POST' && m && status >= 200 && status < 300) {
          const id = decodeURIComponent(m[1]!);
          deploys.set(id, (deploys.get(id) ?? 0) + 1);
        }
      },
    },
    listenHost,
  );
  return { ...proxy, deploys };
};

/** GET a DIM path and parse the JSON (for assertions on the real island manager). */
export const dimGet = (tb: DaliugeTestbed, path: string): Promise<{ status: number; body: unknown }> =>
  fetchJson(`http://${tb.dimHost}:${tb.dimPort}${path}`);

/** GET a URL: its status and its body parsed as JSON (the text when it is not JSON). */
export const fetchJson = async (url: string, ms?: number): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(url, ms === undefined ? {} : { signal: AbortSignal.timeout(ms) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body };
};

/** Waits until an application of the session runs on its node manager (execStatus 1), read from a DIM. */
export const untilAppRuns = (
  get: (path: string) => Promise<{ status: number; body: unknown }>,
  session: string,
  ms = 60_000,
) =>
  until(
    `the application of ${session} to run`,
    async () => {
      const r = await get(`/api/sessions/${session}/graph/status`);
      return (
        r.status === 200 &&
        Object.values(r.body as Record<string, { execStatus?: number }>).some((d) => d.execStatus === 1)
      );
    },
    ms,
  );

/**
 * A translated graph without the stamps DALiuGE's translator puts on every drop's oid (the second
 * it unrolled the graph: `2026-11-26T16:42:30_<uid>_0`): what two translations of the same graph
 * differ by, and nothing else.
 */
export const withoutUnrollStamps = (translated: string) =>
  translated.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?_/g, '');
