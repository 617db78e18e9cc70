// The archive testbed (DaCHS): its address and sources, TAP queries against it, and the environment
// and project configuration that point surveyor at it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CasdaStager } from '../../adapters/tap/casdaStager.js';
import type { UwsPolicy } from '../../adapters/tap/uws.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export interface ArchiveTestbed {
  /** The DaCHS server's base URL. */
  readonly url: string;
  readonly tapUrl: string;
  readonly datalinkUrl: string;
  readonly username: string;
  readonly passwordFile: string;
  readonly password: string;
  /** The WALLABY testbed configuration with the server's real port in it. */
  readonly projectFile: string;
  readonly projectYaml: string;
  /** Where the testbed keeps the files it serves. */
  readonly files: string;
  /** DaCHS' logs (web.log has one line per request, with the User-Agent). */
  readonly logs: string;
  /** The object store the SODA results of some sources link to (pre-signed), and its request log. */
  readonly objectStoreUrl: string;
  readonly objectStoreLog: string;
}

/**
 * The running archive testbed (scripts/testbed/archive): from ARCHIVE_TESTBED_* (scripts/test
 * exports them) or the testbed's env file. Without it the suite fails, saying how to start it.
 */
export const archiveTestbed = (): ArchiveTestbed => {
  const vars: Record<string, string | undefined> = { ...process.env };
  const file = join(process.env['SURVEYOR_TESTBED_DIR'] ?? join(repo, '.testbed'), 'archive', 'env');
  if (!vars['ARCHIVE_TESTBED_TAP_URL'] && existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(ARCHIVE_TESTBED_\w+)=(.*)$/.exec(line);
      if (m) vars[m[1]!] = m[2];
    }
  const need = [
    'URL',
    'TAP_URL',
    'DATALINK_URL',
    'USERNAME',
    'PASSWORD_FILE',
    'PROJECT_FILE',
    'FILES',
    'LOGS',
    'OBJECTSTORE_URL',
    'OBJECTSTORE_LOG',
  ];
  const missing = need.filter((k) => !vars[`ARCHIVE_TESTBED_${k}`]);
  if (missing.length > 0)
    throw new Error(
      'the archive testbed is not running: start it with scripts/testbed/archive start (scripts/test starts it itself)',
    );
  const v = (k: string) => vars[`ARCHIVE_TESTBED_${k}`]!;
  return {
    url: v('URL'),
    tapUrl: v('TAP_URL'),
    datalinkUrl: v('DATALINK_URL'),
    username: v('USERNAME'),
    passwordFile: v('PASSWORD_FILE'),
    password: readFileSync(v('PASSWORD_FILE'), 'utf8').trim(),
    projectFile: v('PROJECT_FILE'),
    projectYaml: readFileSync(v('PROJECT_FILE'), 'utf8'),
    files: v('FILES'),
    logs: v('LOGS'),
    objectStoreUrl: v('OBJECTSTORE_URL'),
    objectStoreLog: v('OBJECTSTORE_LOG'),
  };
};

/** The testbed, or the error that says why there is none (a suite's `before` throws it). */
export const archiveTestbedOrError = (): ArchiveTestbed | Error => {
  try {
    return archiveTestbed();
  } catch (err) {
    return err as Error;
  }
};

/** A sync TAP query straight to the testbed, in the serialization `format` asks for (votable/td, votable, votable/b2). */
export const tapSync = (tb: ArchiveTestbed, query: string, format: string, maxRec: number) =>
  fetch(`${tb.tapUrl}/sync`, {
    method: 'POST',
    body: new URLSearchParams({
      REQUEST: 'doQuery',
      LANG: 'ADQL',
      QUERY: query,
      FORMAT: format,
      MAXREC: String(maxRec),
    }),
  });

/**
 * The first `n` target names of the testbed's visibilities (obscore), in order: sources a survey
 * on it can register. Some lack a catalogue row, as at CASDA: discovery marks them not ready.
 */
export const archiveTargets = async (tb: ArchiveTestbed, n: number): Promise<string[]> => {
  const res = await tapSync(
    tb,
    `SELECT DISTINCT TOP ${n} target_name FROM ivoa.obscore ORDER BY target_name`,
    'csv',
    n,
  );
  if (!res.ok) throw new Error(`the archive testbed's target names: ${res.status} ${await res.text()}`);
  const names = (await res.text())
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (names.length < n) throw new Error(`the archive testbed has ${names.length} target names, not ${n}`);
  return names;
};

/**
 * A worker's environment for discovery and staging on the testbed (TAP, datalink and async SODA,
 * every part real), staging into `stagingDir`.
 */
export const archiveEnv = (tb: ArchiveTestbed, stagingDir: string): Record<string, string> => ({
  SERVICE_MOCK_PARTS: '',
  SERVICE_STAGING_DIR: stagingDir,
  SERVICE_STAGING_MIN_FREE_BYTES: String(64 * 1024 ** 2),
  ARCHIVE_USERNAME: tb.username,
  ARCHIVE_PASSWORD_FILE: tb.passwordFile,
  ARCHIVE_CREDENTIAL_ORIGINS: tb.url,
});

/** The testbed's project: its module and configuration (the server's real port in it). */
export const archiveProject = (tb: ArchiveTestbed): { module: string; yaml: string } => {
  const module = /^\s+module: (\S+)$/m.exec(tb.projectYaml)?.[1];
  if (!module) throw new Error(`no module in ${tb.projectFile}`);
  return { module, yaml: tb.projectYaml };
};

/** One request the testbed's object store served (archive-data/objectstore.py writes them). */
export interface ObjectStoreRequest {
  readonly method: string;
  readonly path: string;
  /** A pre-signed link (its query carried X-Amz-Signature). */
  readonly signed: boolean;
  readonly range: string | null;
  readonly status: number;
  /** Bytes of the answer's body sent. */
  readonly bytes: number;
  /** Why the store refused a signed link: RequestExpired, SignatureDoesNotMatch, InvalidArgument. */
  readonly refused: string | null;
  /** The scheme of an Authorization header that came with it, if any (never its value). */
  readonly authorization: string | null;
  readonly cookie: boolean;
}

/** Every request the object store has logged so far, oldest first. */
export const objectStoreRequests = (tb: ArchiveTestbed): ObjectStoreRequest[] =>
  readFileSync(tb.objectStoreLog, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ObjectStoreRequest);

/** Asks the object store to do something to its links (`presign`, `expire`, `cut`). */
export const objectStoreAction = async (
  tb: ArchiveTestbed,
  action: string,
  query: Record<string, string> = {},
) => {
  const res = await fetch(`${tb.objectStoreUrl}/_testbed/${action}?${new URLSearchParams(query)}`, {
    method: 'POST',
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`the object store's ${action}: ${res.status} ${await res.text()}`);
  return res.text();
};

/**
 * A CASDA stager for the testbed, staging into `root` with the test user's account (sent only to
 * the archive's own origin), one dataset a job, and the UWS policy given.
 */
export const testbedStager = (tb: ArchiveTestbed, root: string, uws: Partial<UwsPolicy>) =>
  new CasdaStager({
    root,
    userAgent: 'surveyor/test',
    credentials: () => ({ username: tb.username, password: tb.password, origins: [tb.url] }),
    limits: { maxFileBytes: 64 << 20, minFreeBytes: 0, connectTimeoutMs: 20_000, idleTimeoutMs: 20_000 },
    parallelDownloads: 2,
    jobDeadlineMs: 60_000,
    datasetsPerJob: 1,
    openJobs: 2,
    uws,
  });
