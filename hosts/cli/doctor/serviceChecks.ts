import type { ProfileRepository } from '../../../core/ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../../core/ports/ProjectConfigRepository.js';
import { schemaStatus } from '../../composition/migrations.js';
import {
  type BackendSet,
  readSshCredentials,
  sshConfigured,
  sshEnvironment,
} from '../../composition/backends.js';
import { appOf, TYPES } from '../../composition/composition.js';
import type { Runtime } from '../../composition/runtime.js';
import { openRuntime } from '../../composition/runtime.js';
import { SecurityGateError } from '../../composition/securityGateError.js';
import { type DoctorFinding, fail, pass } from './finding.js';

/** Larger than this between this machine and the database, and token lifetimes and deadlines drift. */
const maxSkewMs = 5000;
/** Each outbound check (translator, island manager, login node, archive) gives up after this. */
const reachMs = 15_000;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The checks that need the service's database and parts: the database, its schema, the clock
 * against the database's, the translator and deployment backends of every profile, the SSH gates
 * and every archive of the active configurations. Read-only everywhere.
 */
export const serviceChecks = async (): Promise<DoctorFinding[]> => {
  let rt: Runtime;
  try {
    // Its findings are the output: the runtime's own log says only what went wrong.
    rt = await openRuntime('cli', { checkSchema: false, logLevel: 'warn', logToStderr: true });
  } catch (err) {
    if (err instanceof SecurityGateError)
      return err.findings
        .filter((f) => !f.ok)
        .map((f) => fail(`ssh ${f.check}`, f.detail, 'surveyor security check explains each rule'));
    return [
      fail(
        'database',
        `cannot open it: ${message(err)}`,
        'set DATABASE_URL to a reachable server, or leave it unset for the embedded PostgreSQL in SERVICE_DATA_DIR',
      ),
    ];
  }
  try {
    const out: DoctorFinding[] = [];
    const sent = Date.now();
    const { now } = await rt.db.one<{ now: Date }>('SELECT now() AS now');
    const answered = Date.now();
    out.push(
      pass(
        'database',
        `${rt.database.embedded ? `embedded PostgreSQL in ${rt.config.SERVICE_DATA_DIR}` : 'DATABASE_URL'} answers (${answered - sent} ms)`,
      ),
    );
    const schema = await schemaStatus(rt.db);
    out.push(
      schema.pending.length === 0 && schema.unknown.length === 0 && schema.edited.length === 0
        ? pass('migrations', `schema current (${schema.applied.length} applied)`)
        : fail(
            'migrations',
            [
              schema.pending.length > 0 ? `${schema.pending.length} pending` : '',
              schema.unknown.length > 0 ? `${schema.unknown.length} unknown to this build` : '',
              schema.edited.length > 0 ? `${schema.edited.length} edited since applied` : '',
            ]
              .filter(Boolean)
              .join(', '),
            schema.pending.length > 0
              ? 'surveyor migrate (or start with --migrate)'
              : 'run the build that made this database',
          ),
    );
    const skew = now.getTime() - (sent + answered) / 2;
    out.push(
      Math.abs(skew) <= maxSkewMs
        ? pass('clock', `within ${Math.max(1, Math.round(Math.abs(skew)))} ms of the database's`)
        : fail(
            'clock',
            `${(skew / 1000).toFixed(1)} s off the database's clock`,
            'synchronise this machine (and the database server) with NTP',
          ),
    );
    if (schema.pending.length > 0 || schema.unknown.length > 0) return out; // the tables may not be there
    out.push(...(await partChecks(rt)));
    return out;
  } catch (err) {
    return [fail('database', `a query failed: ${message(err)}`, 'check the server and its logs')];
  } finally {
    await rt.close();
  }
};

/** The translator and backend of every profile, the SSH gates and the archives, as the service would use them. */
const partChecks = async (rt: Runtime): Promise<DoctorFinding[]> => {
  const out: DoctorFinding[] = [];
  const set = rt.container.get<BackendSet>(TYPES.BackendSet);
  const profiles = await rt.container.get<ProfileRepository>(TYPES.Profiles).list();
  const mock = Object.entries(set.parts)
    .filter(([, m]) => m === 'mock')
    .map(([p]) => p);
  if (mock.length > 0)
    out.push(
      rt.config.SERVICE_ENV === 'production'
        ? fail(
            'mock parts',
            mock.join(', '),
            'production runs every part real (SERVICE_USE_REAL_BACKENDS=true)',
          )
        : pass(
            'mock parts',
            `${mock.join(', ')} (development; SERVICE_USE_REAL_BACKENDS=true uses the real ones)`,
          ),
    );
  if (profiles.length === 0) out.push(pass('profiles', 'none yet: no translator or backend to reach'));
  for (const p of profiles) {
    const signal = AbortSignal.timeout(reachMs);
    const checks = [
      ...(set.parts.translator === 'real' ? [await set.translator.ping(p.translation, signal)] : []),
      ...(set.parts.backends === 'real' ? await set.backends.get(p.deployment.kind).ping(p, signal) : []),
    ];
    for (const c of checks)
      out.push(
        c.ok
          ? pass(`profile ${p.name} ${c.name}`, c.detail)
          : fail(
              `profile ${p.name} ${c.name}`,
              c.detail,
              `surveyor profile ping ${p.name} shows the details`,
            ),
      );
  }
  const env = sshEnvironment(rt.config);
  const batch = profiles.filter((p) => p.deployment.kind === 'batch_remote');
  if (sshConfigured(env))
    for (const f of readSshCredentials(env).findings)
      out.push(
        f.ok ? pass(`ssh ${f.check}`, f.detail) : fail(`ssh ${f.check}`, f.detail, 'surveyor security check'),
      );
  else if (batch.length > 0 && set.parts.backends === 'real')
    out.push(
      fail(
        'ssh',
        `no BATCH_SSH_* credentials, but ${batch.length} batch_remote profile(s) need them`,
        'set BATCH_SSH_PRIVATE_KEY_FILE and BATCH_SSH_KNOWN_HOSTS_SOURCE',
      ),
    );
  else out.push(pass('ssh', 'no credentials configured, and no real batch_remote profile needs them'));
  if (set.parts.archive === 'real') {
    const configs = rt.container.get<ProjectConfigRepository>(TYPES.ProjectConfigs);
    for (const v of await configs.allActive())
      for (const name of Object.keys(v.config.archives)) {
        const r = await appOf(rt.container).pingArchive(
          set.archive,
          v.projectModule,
          name,
          AbortSignal.timeout(reachMs),
        );
        const check = `archive ${v.projectModule}/${name}`;
        if (!r.found) out.push(fail(check, r.message, 'upload the configuration again'));
        else
          out.push(
            r.ok
              ? pass(check, `${r.url} answers`)
              : fail(
                  check,
                  r.checks
                    .filter((c) => !c.ok)
                    .map((c) => `${c.name}: ${c.detail}`)
                    .join('; '),
                  `surveyor archive ping ${v.projectModule} ${name} shows the details`,
                ),
          );
      }
  }
  return out;
};
