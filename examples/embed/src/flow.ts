// One survey flow on any surveyor: the harness (memory, manual clock) or createSurveyor (PostgreSQL).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError, Surveyor } from 'surveyor';

/** The shipped examples, from the installed package. */
export const examplesDir = join(
  dirname(createRequire(import.meta.url).resolve('surveyor/package.json')),
  'schema/examples',
);

const admin = { username: 'embedder', role: 'admin' as const };

const ok = <T>(what: string, r: E.Either<AppError, T>): T => {
  if (E.isLeft(r))
    throw new Error(`${what}: ${r.left.code}: ${r.left.message} ${JSON.stringify(r.left.details ?? {})}`);
  return r.right;
};

/**
 * Uploads the WALLABY example (automation off, polled every `pollSeconds`), adds a mock island
 * manager profile, registers and discovers a source, runs an execution and waits (with `waitFor`:
 * simulated or real time) until it completes. Returns the execution's event kinds.
 */
export const runFlow = async (
  s: Pick<Surveyor, 'projects' | 'profiles' | 'sources' | 'executions'>,
  waitFor: (what: string, done: () => Promise<boolean>) => Promise<void>,
  pollSeconds: number,
): Promise<string[]> => {
  const yaml = readFileSync(join(examplesDir, 'wallaby_hires.project.yaml'), 'utf8')
    .replace(/(execution:\n\s+enabled:) true/, '$1 false')
    .replace(/(discovery:\n\s+enabled:) true/, '$1 false')
    .replace('poll_interval_seconds: 60', `poll_interval_seconds: ${pollSeconds}`);
  const module = ok('upload', await s.projects.upload(yaml, admin)).version.project_module;
  ok(
    'profile',
    await s.profiles.create(
      {
        name: 'mock-dim',
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      },
      admin,
    ),
  );
  const source = 'HIPASSJ0001-23';
  const registered = ok(
    'register',
    await s.sources.registerMany(module, [{ source_identifier: source }], 'embedder'),
  );
  const sourceId = registered.items[0]?.uuid;
  if (sourceId === undefined) throw new Error('the source was not registered');
  ok('discover', await s.sources.discover(module, [source]));
  await waitFor('the source is ready', async () => ok('status', await s.sources.status(sourceId)).ready);
  const created = ok(
    'create',
    await s.executions.create(
      { project_module: module, archive_name: 'casda', sources: [{ source_identifier: source }] },
      { by: 'embedder', idempotencyKey: 'example-1' },
    ),
  );
  const id = created.execution.uuid;
  ok('execute', await s.executions.execute(id, {}, 'embedder'));
  await waitFor(
    'the execution completed',
    async () => ok('get', await s.executions.get(id)).state === 'completed',
  );
  return ok('events', await s.executions.events(id)).items.map((e) => e.kind);
};
