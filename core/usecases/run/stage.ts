import { artifactNames } from '../../domain/artifactNames.js';
import type { Execution } from '../../domain/executionRecord.js';
import { PermanentJobError } from '../../domain/job.js';
import { type StagedFile, stagedKey, verificationOf } from '../../domain/manifest.js';
import type { StageProgress, StageRequest, StagingState } from '../../ports/Stager.js';
import { executionEvent } from '../../domain/execution.js';
import {
  type Attempt,
  type StagedEntry,
  artifactWrites,
  checkAbort,
  commit,
  configOf,
  saveArtifacts,
  sourcesOf,
  step,
} from './attempt.js';

/**
 * Runs `f` over the items, at most `limit` at once, in order of the results. After a failure no
 * new item starts; the ones running finish, then the first failure is thrown.
 */
const inPool = async <T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> => {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        out[i] = await f(items[i]!, i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
  return out;
};

/** Datasets staged at once by one run (the stager bounds the downloads themselves). */
const stagingConcurrency = 8;

/**
 * The staging step: every dataset of every source staged through the stager, a few at once, each
 * resuming from what it recorded (its archive job, its finished files) unless this run just
 * entered staging, or reused from an earlier attempt; the stager first prepares those left
 * together where it can (one archive job for many); then the staged list, written with `staged`.
 */
export const stage = async (a: Attempt, e: Execution): Promise<void> => {
  const sources = await sourcesOf(a, e);
  const archive = (await configOf(a, e)).archives[e.archiveName];
  if (!archive) throw new PermanentJobError(`the configuration has no archive ${e.archiveName} any more`);
  const work = sources.flatMap((s) =>
    (s.metadata?.datasets ?? []).map((dataset, i) => ({
      s,
      i,
      dataset,
      key: stagedKey(s.sourceIdentifier, i),
    })),
  );
  const earlier = await earlierStaged(a, e);
  type Planned = { key: string; file: StagedFile } | { key: string; request: StageRequest };
  const planned = await inPool(work, stagingConcurrency, async ({ s, i, dataset, key }): Promise<Planned> => {
    checkAbort(a);
    const request: StageRequest = {
      executionId: e.id,
      attempt: e.attempt,
      sourceIdentifier: s.sourceIdentifier,
      datasetIndex: i,
      dataset,
      archiveName: e.archiveName,
      archive,
      resume: null,
    };
    const previous = earlier?.files.get(key);
    if (earlier && previous) {
      const why = await a.deps.stager.reusable(request, previous, a.ctx.signal);
      const about = { source: s.sourceIdentifier, dataset: i, from_attempt: earlier.attempt };
      if (why === null) {
        await commit(a, e, {}, [
          executionEvent(e, 'execution.staging_reused', {
            ...about,
            files: (previous.files ?? [previous]).map((f) => ({
              path: f.path,
              checksum: f.checksum ?? null,
              verified_by: verificationOf(f),
            })),
            why: 'the same dataset from the same link, and every file still there as it was verified (size, and checksum where the archive gave one)',
          }),
        ]);
        return { key, file: previous };
      }
      await commit(a, e, {}, [executionEvent(e, 'execution.staging_not_reused', { ...about, why })]);
    }
    const saved = a.stagingFresh
      ? null
      : await a.deps.artifacts.artifact(e.id, e.attempt, artifactNames.stagingState(key));
    return { key, request: { ...request, resume: saved ? (JSON.parse(saved) as StagingState) : null } };
  });
  const left = planned.flatMap((x) => ('request' in x ? [x] : []));
  const progress = left.map(({ key, request }) => progressOf(a, e, key, request));
  const prepared = a.deps.stager.prepare
    ? await a.deps.stager.prepare(
        left.map((x) => x.request),
        progress,
        a.ctx.signal,
      )
    : [];
  const fresh = await inPool(left, stagingConcurrency, async ({ key, request }, n) => {
    checkAbort(a);
    const resume = prepared[n] ?? request.resume;
    return { key, file: await a.deps.stager.stage({ ...request, resume }, progress[n]!, a.ctx.signal) };
  });
  const byKey = new Map(fresh.map((x) => [x.key, x]));
  const staged = planned.map((x) => ('file' in x ? x : byKey.get(x.key)!));
  // The staged list is written with the step's change, in one statement.
  const [list] = artifactWrites(a, e, [
    { name: artifactNames.staged, mediaType: 'application/json', content: JSON.stringify(staged) },
  ]);
  const bytes = staged.reduce((n, x) => n + (x.file.size ?? 0), 0);
  await step(
    a,
    e,
    'staged',
    {},
    {
      files: staged.reduce((n, x) => n + (x.file.files?.length ?? 1), 0),
      datasets: staged.length,
      bytes,
      artifact_sha256: list!.sha256,
    },
    [list!],
  );
  a.staged = { id: e.id, attempt: e.attempt, files: staged };
};

/** Where the stager records a dataset's state (fenced) and tells its milestones (events). */
const progressOf = (a: Attempt, e: Execution, key: string, r: StageRequest): StageProgress => ({
  record: async (state) => {
    await saveArtifacts(a, e, [
      {
        name: artifactNames.stagingState(key),
        mediaType: 'application/json',
        content: JSON.stringify(state),
      },
    ]);
  },
  note: (kind, payload) =>
    commit(a, e, {}, [
      executionEvent(e, `execution.${kind}`, {
        source: r.sourceIdentifier,
        dataset: r.datasetIndex,
        ...payload,
      }),
    ]),
});

/**
 * What the latest earlier attempt staged, for a new attempt to reuse: only when this run starts
 * the attempt's staging (a resumed one has its own records) and the retry did not ask for a run
 * from scratch.
 */
const earlierStaged = async (a: Attempt, e: Execution) => {
  if (!a.stagingFresh || e.attempt === 1 || e.runRecord['from_scratch'] === true) return null;
  const list = (await a.deps.artifacts.artifacts(e.id))
    .filter((x) => x.name === artifactNames.staged && x.attempt < e.attempt && x.contentPrunedAt === null)
    .sort((x, y) => y.attempt - x.attempt)[0];
  const text = list ? await a.deps.artifacts.artifact(e.id, list.attempt, list.name) : null;
  if (!list || !text) return null;
  const entries = JSON.parse(text) as StagedEntry[];
  return { attempt: list.attempt, files: new Map(entries.map((x) => [x.key, x.file])) };
};
