// The API host in this process on a fresh database, with helpers that read a run's translated graph,
// artifacts and record as a user would.
import type { BackendSet } from '../../hosts/composition/backends.js';
import { Writable } from 'node:stream';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { Argon2Hasher } from '../../adapters/auth/argon2Hasher.js';
import { createLogger } from '../../adapters/log/logger.js';
import { Metrics } from '../../adapters/metrics/registry.js';
import { SecretRegistry } from '../../core/redaction.js';
import { createUser } from '../../core/usecases/auth/createUser.js';
import { createApiServer, listen } from '../../hosts/api/server.js';
import { authDeps, buildContainer, TYPES } from '../../hosts/composition/composition.js';
import { closeServer } from '../../hosts/composition/metricsServer.js';
import { loadConfig } from '../../hosts/composition/loadConfig.js';
import { registerSecrets } from '../../hosts/composition/secrets.js';
import { freshDatabase } from './db.js';
import { graphDir } from './project.js';
import type { Db } from '../../adapters/postgres/db.js';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';

export const testJwtSecret = 'integration-test-secret-0123456789abcdef';

export interface TestApi {
  readonly base: string;
  readonly container: Container;
  readonly logs: string[];
  call(
    method: string,
    path: string,
    init?: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: unknown; text: string }>;
  addUser(username: string, role: string, password?: string): Promise<void>;
  login(username: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** A new user of `role`, logged in: its access token. */
  tokenFor(username: string, role: string): Promise<string>;
  /** Uploads a project configuration (YAML); throws unless it is stored. */
  uploadConfig(yaml: string, token: string): Promise<void>;
  close(): Promise<void>;
}

export const defaultPassword = 'correct-horse-battery-staple';

/**
 * The API host in this process on a fresh migrated database (or on `database`, a migrated one the
 * caller owns), logs captured.
 */
export const startTestApi = async (
  env: Record<string, string> = {},
  database?: { readonly url: string; readonly db: Db },
): Promise<TestApi> => {
  // The pool the configuration asks for (the database's handle is the one the host uses).
  const poolMax =
    env['SERVICE_DB_POOL_MAX'] === undefined ? {} : { poolMax: Number(env['SERVICE_DB_POOL_MAX']) };
  const d = database ? { ...database, drop: async () => {} } : await freshDatabase(poolMax);
  const config = loadConfig({
    DATABASE_URL: d.url,
    SERVICE_JWT_SECRET: testJwtSecret,
    SERVICE_LOG_LEVEL: 'info',
    // The testbeds and the tests' own servers listen on loopback.
    SERVICE_OUTBOUND_ALLOW_PRIVATE: 'true',
    // Uploads check the graph: the shipped ones, as scripts/start serves them.
    SERVICE_GRAPH_DIR: graphDir,
    ...env,
  });
  const secrets = new SecretRegistry();
  registerSecrets(config, secrets);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const logger = createLogger('info', secrets, sink);
  const container = buildContainer({
    config,
    logger,
    secrets,
    metrics: new Metrics('api'),
    db: d.db,
    hasher: await Argon2Hasher.create(config.SERVICE_PASSWORD_HASH_CONCURRENCY),
    jwtSecret: testJwtSecret,
  });
  const server = createApiServer(container);
  const base = `${await listen(server, Number(env['SERVICE_PORT'] ?? 0), '127.0.0.1')}/api/v2`;
  const api: TestApi = {
    base,
    container,
    logs,
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
      let body: string | undefined = init.raw;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async addUser(username, role, password = defaultPassword) {
      const r = await createUser(authDeps(container), {
        username,
        email: `${username}@example.org`,
        role,
        password,
      });
      if (E.isLeft(r)) throw new Error(r.left.message);
    },
    async login(username, password = defaultPassword) {
      const r = await api.call('POST', '/login', { body: { username, password } });
      if (r.status !== 200) throw new Error(`login failed: ${r.text}`);
      return r.body as { access_token: string; refresh_token: string };
    },
    async tokenFor(username, role) {
      await api.addUser(username, role);
      return (await api.login(username)).access_token;
    },
    async uploadConfig(yaml, token) {
      const r = await api.call('POST', '/project-configs', {
        raw: yaml,
        token,
        headers: { 'Content-Type': 'application/x-yaml' },
      });
      if (r.status !== 201 && r.status !== 200) throw new Error(`upload failed: ${r.text}`);
    },
    async close() {
      await closeServer(server);
      container.get<BackendSet>(TYPES.BackendSet).close();
      await d.drop();
    },
  };
  return api;
};

/** The drops of the graph an execution's first attempt submitted (its `translated.json`). */
export const translatedDrops = async (api: TestApi, id: string): Promise<Record<string, unknown>[]> =>
  (
    JSON.parse(
      (await api.container.get<ArtifactStore>(TYPES.Artifacts).artifact(id, 1, 'translated.json')) ?? '[]',
    ) as Record<string, unknown>[]
  ).filter((d) => typeof d['oid'] === 'string');

/** An execution's artifacts' sha256 by name (its ledger's, every attempt: the last one wins). */
export const artifactShas = async (
  api: TestApi,
  token: string,
  id: string,
): Promise<Record<string, string>> =>
  Object.fromEntries(
    (
      (await api.call('GET', `/executions/${id}/ledger-snapshot`, { token })).body as {
        artifacts: { name: string; sha256: string }[];
      }
    ).artifacts.map((a) => [a.name, a.sha256]),
  );

/** Asks for a reproduction of an execution that runs at once; returns the new execution's id. */
export const reproduceNow = async (api: TestApi, token: string, id: string): Promise<string> => {
  const r = await api.call('POST', `/executions/${id}/reproduce`, { token, body: { execute: true } });
  if (r.status !== 201) throw new Error(`reproduce: ${r.status} ${r.text}`);
  return (r.body as { uuid: string }).uuid;
};

/** An execution's run record, as the API shows it. */
export const runRecordOf = async (
  api: TestApi,
  token: string,
  id: string,
): Promise<Record<string, unknown>> =>
  ((await api.call('GET', `/executions/${id}`, { token })).body as { run_record: Record<string, unknown> })
    .run_record;
