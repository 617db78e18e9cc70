// A project on the in-memory harness: the WALLABY example with automation off, a mock DIM profile,
// sources registered and discovered.
import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import { createHarness, type HarnessOptions } from '../../hosts/library/harness.js';
import { wallabyYaml } from './examples.js';
import { graphDir } from './project.js';

/** A harness project: the WALLABY example with automation off, a default mock DIM profile. */
export const graphPath = 'wallaby-hires_test-pipeline-nodownloads.graph';
export const graphs = { [graphPath]: readFileSync(`${graphDir}/${graphPath}`, 'utf8') };
export const admin = { username: 'h-admin', role: 'admin' as const };
export const manualYaml = wallabyYaml
  .replace(/(execution:\n\s+enabled:) true/, '$1 false')
  .replace(/(discovery:\n\s+enabled:) true/, '$1 false');

export const right = <T>(r: E.Either<{ message: string }, T>): T => {
  if (E.isLeft(r)) throw new Error(r.left.message);
  return r.right;
};

/** A harness with the project, a default mock DIM profile and the sources registered and discovered. */
export const prepared = async (
  identifiers: readonly string[],
  yaml = manualYaml,
  opts: HarnessOptions = {},
) => {
  const h = createHarness({ graphs, ...opts });
  const module = right(await h.projects.upload(yaml, admin)).version.project_module;
  right(
    await h.profiles.create(
      {
        name: 'mock-dim',
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      },
      admin,
    ),
  );
  const reg = right(
    await h.sources.registerMany(
      module,
      identifiers.map((source_identifier) => ({ source_identifier })),
      admin.username,
    ),
  );
  right(await h.sources.discover(module, identifiers));
  await h.runJobs();
  const ids = Object.fromEntries(
    (reg.items as { source_identifier: string; uuid: string }[]).map((i) => [i.source_identifier, i.uuid]),
  );
  return { h, module, ids };
};

export const stateOf = async (h: ReturnType<typeof createHarness>, id: string) =>
  right(await h.executions.get(id)).state;

/** Creates an execution of one source on the casda archive, as the admin; returns its id. */
export const createOf = async (h: ReturnType<typeof createHarness>, module: string, identifier: string) =>
  right(
    await h.executions.create(
      { project_module: module, archive_name: 'casda', sources: [{ source_identifier: identifier }] },
      { by: admin.username },
    ),
  ).execution.uuid;
