import { resolve, sep } from 'node:path';
import { PermanentJobError } from '../../core/domain/job.js';
import type { StagedFile, StagedPart } from '../../core/domain/manifest.js';
import type { StageProgress, StageRequest, Stager, StagingState } from '../../core/ports/Stager.js';
import { peerText, where } from '../shared/peerText.js';
import { Semaphore } from '../shared/semaphore.js';
import {
  type ArchiveCredentials,
  type ArchiveHttp,
  ArchiveUnavailable,
  archiveHttp,
  presigned,
} from './archiveHttp.js';
import { readChecksum, type ResultFile, resultFiles, resultName, safeSegment } from './jobResults.js';
import { endedPhases, SharedJobs } from './sharedJobs.js';
import { readAsyncLinks, readManyAsyncLinks } from './asyncLinks.js';
import { type DownloadLimits, downloadFile, LinkExpired } from './download.js';
import { stagedFilesIntact } from './stagedReuse.js';
import { defaultUwsPolicy, resultUrl, type UwsPolicy, UwsJobRunner } from './uws.js';

export interface CasdaStagerOptions {
  /** Where staged files go: <root>/<execution>/<source>/<file>. */
  readonly root: string;
  readonly userAgent: string;
  readonly credentials: () => ArchiveCredentials | null;
  readonly limits: DownloadLimits;
  /** Downloads one worker process runs at once, over all executions. */
  readonly parallelDownloads: number;
  /** Longest wait for the archive to prepare a dataset's files (the async job). */
  readonly jobDeadlineMs: number;
  /** Datasets of a run asked for in one archive job (1: a job per dataset). */
  readonly datasetsPerJob: number;
  /** Archive jobs one process has made and not yet seen end; more wait their turn, in order. */
  readonly openJobs: number;
  readonly uws?: Partial<UwsPolicy>;
}

/** What the stager records per dataset (the core stores it and hands it back after a crash). */
interface State {
  readonly datalink?: string;
  /**
   * The archive job: `creating` is written before the request that makes it; `shared` when it
   * holds other datasets too (their results are told apart by the dataset's file name).
   */
  readonly job?: { readonly url?: string; readonly creating?: boolean; readonly shared?: boolean };
  readonly files?: Readonly<Record<string, StagedPart>>;
  readonly complete?: boolean;
}

const rowOf = (req: StageRequest) => (req.dataset['row'] ?? {}) as Record<string, unknown>;
const datasetIdOf = (req: StageRequest) =>
  String(req.dataset['dataset_id'] ?? rowOf(req)['obs_publisher_did'] ?? req.datasetIndex);
/** The file a dataset's row names (CASDA's `filename`): how its results are found in a shared job. */
const fileNameOf = (req: StageRequest): string | null => {
  const name = rowOf(req)['filename'];
  return typeof name === 'string' && name !== '' ? name : null;
};

/** Times one staging of a dataset asks for fresh links after its pre-signed ones expired. */
const linkRefreshes = 2;

/**
 * Staging as CASDA does it: the dataset row's datalink `access_url` -> the datalink answer (rows
 * whose `service_def` names an async SODA service, each with an `authenticated_id_token`; none
 * means the account may not read that file) -> one async SODA job (UWS) with those `ID`s -> its
 * results -> downloads, each checked against the `.checksum` result beside it. The job's URL is
 * recorded before it is relied on (and `creating` before it is made), and each finished file as it
 * finishes, so a worker that takes over resumes the same job and never fetches a finished file.
 */
export class CasdaStager implements Stager {
  private readonly downloads: Semaphore;
  /** Datalink requests open at once in this process: runs that prepare together wait in order. */
  private readonly reads = new Semaphore(8);
  /** Jobs that hold many datasets, waited on once each in this process. */
  private readonly shared = new SharedJobs();

  /**
   * Archive jobs made and not yet ended: a bound for the archive's sake, and, being in order, it
   * lets the first run to ask have its files first rather than every run have them late.
   */
  private readonly openJobs: Semaphore;

  constructor(private readonly opts: CasdaStagerOptions) {
    this.downloads = new Semaphore(opts.parallelDownloads);
    this.openJobs = new Semaphore(opts.openJobs);
  }

  private runner(http: ArchiveHttp) {
    return new UwsJobRunner(http, {
      ...defaultUwsPolicy,
      deadlineMs: this.opts.jobDeadlineMs,
      requestTimeoutMs: this.opts.limits.connectTimeoutMs,
      ...this.opts.uws,
    });
  }

  /**
   * One archive job for up to `datasetsPerJob` datasets of the run (those with no job yet, a link
   * and a file name), each dataset's datalink read first: the archive is asked for a job per
   * `datasetsPerJob` datasets, not per file. Each dataset records `creating`, then the job's URL,
   * as it would alone.
   */
  async prepare(
    requests: readonly StageRequest[],
    progress: readonly StageProgress[],
    signal?: AbortSignal,
  ): Promise<(StagingState | null)[]> {
    const out: (StagingState | null)[] = requests.map(() => null);
    const open = requests.flatMap((req, n) => {
      const state = (req.resume ?? {}) as State;
      const datalink = rowOf(req)['access_url'];
      return !state.complete &&
        !state.job?.url &&
        typeof datalink === 'string' &&
        datalink !== '' &&
        fileNameOf(req)
        ? [{ req, n, state, datalink }]
        : [];
    });
    if (this.opts.datasetsPerJob < 2 || open.length < 2) return out;
    const first = open[0]!.req;
    const http = archiveHttp(first.archiveName, first.archive, this.opts.userAgent, this.opts.credentials);
    const runner = this.runner(http);
    const links = await readManyAsyncLinks(
      http,
      open.map((o) => o.datalink),
      this.opts.limits.connectTimeoutMs,
      this.reads,
      signal,
    );
    const linked = open.map((o, i) => ({ ...o, ...links[i]! }));
    const byService = new Map<string, typeof linked>();
    for (const l of linked) byService.set(l.service, [...(byService.get(l.service) ?? []), l]);
    const parts = [...byService].flatMap(([service, all]) =>
      Array.from({ length: Math.ceil(all.length / this.opts.datasetsPerJob) }, (_, k) => ({
        service,
        part: all.slice(k * this.opts.datasetsPerJob, (k + 1) * this.opts.datasetsPerJob),
      })),
    );
    // Every part takes its place in line now, so that a run's jobs go before a later run's.
    const made = await Promise.allSettled(
      parts.map(async ({ service, part }) => {
        const save = (job: State['job']) =>
          Promise.all(
            part.map(async (l) => {
              const next: State = { ...l.state, datalink: l.datalink, job };
              await progress[l.n]!.record(next as StagingState);
              out[l.n] = next as StagingState;
            }),
          );
        const release = await this.openJobs.acquire(signal);
        let url: string;
        try {
          // As for one dataset: after a crash between these two, the job expires unknown on the archive.
          await save({ creating: true, shared: true });
          url = await runner.create(service, { form: { ID: part.flatMap((l) => l.ids) } }, signal);
          await save({ url, shared: true });
        } catch (err) {
          release();
          throw err;
        }
        void this.shared.made(runner, url, part.length, signal).then(release, release);
        await progress[part[0]!.n]!.note('job_created', {
          job: where(url),
          files: part.reduce((n, l) => n + l.ids.length, 0),
          datasets: part.length,
          ...(part.some((l) => l.state.job?.creating) ? { earlier_try_unrecorded: true } : {}),
        });
      }),
    );
    const failed = made.find((m) => m.status === 'rejected');
    if (failed) throw failed.reason;
    return out;
  }

  /** The shared job's results for this dataset: its file and its checksum, by the row's file name. */
  private async fromShared(runner: UwsJobRunner, req: StageRequest, url: string, signal?: AbortSignal) {
    const done = await this.shared.wait(runner, url, signal);
    if (!done) return null;
    const name = fileNameOf(req)!;
    const mine = done.results.filter((r) => r.id === name || r.id === `${name}.checksum`);
    if (!mine.some((r) => r.id === name))
      throw new PermanentJobError(
        `archive ${req.archiveName}: the staging job ${where(url)} has no file ${peerText(name, 200)} for dataset ${datasetIdOf(req)} (it has ${peerText(done.results.map((r) => r.id).join(', '), 300)})`,
      );
    return { ...done, results: mine };
  }

  async stage(req: StageRequest, progress: StageProgress, signal?: AbortSignal): Promise<StagedFile> {
    const datalink = rowOf(req)['access_url'];
    const datasetId = datasetIdOf(req);
    if (typeof datalink !== 'string' || datalink === '')
      throw new PermanentJobError(
        `dataset ${datasetId} of ${req.sourceIdentifier} has no access_url to stage it from`,
      );
    let state: State = (req.resume as State | null) ?? {};
    // Records are chained, so concurrent downloads of one dataset never overwrite each other's.
    let saving = Promise.resolve();
    const record = (next: State) => {
      state = next;
      saving = saving.then(() => progress.record(state as StagingState));
      return saving;
    };
    const result = (files: readonly StagedPart[]): StagedFile => ({
      dataset_id: datasetId,
      url: datalink,
      path: files[0]!.path,
      size: files.reduce((n, f) => n + f.size, 0),
      checksum: files[0]!.checksum,
      files,
    });
    if (state.complete && state.files && Object.keys(state.files).length > 0)
      return result(Object.values(state.files));

    const http = archiveHttp(req.archiveName, req.archive, this.opts.userAgent, this.opts.credentials);
    const runner = this.runner(http);
    const sharedUrl = state.job?.shared ? state.job.url : undefined;
    const fromShared = sharedUrl ? await this.fromShared(runner, req, sharedUrl, signal) : null;
    // A shared job that ended unfinished: this dataset asks for a job of its own.
    if (sharedUrl && !fromShared) state = { ...state, job: {} };
    const own = fromShared ? null : await this.job(http, runner, datalink, state, record, progress, signal);
    const job = own?.url ?? sharedUrl!;
    let done: Awaited<ReturnType<UwsJobRunner['await']>>;
    try {
      done = fromShared ?? (await runner.await(job, signal));
    } finally {
      own?.release();
    }
    const files = resultFiles(done.results);
    if (files.length === 0)
      throw new PermanentJobError(`archive ${req.archiveName}: the staging job ${where(job)} has no files`);
    const jobs = [job];
    // Pre-signed links expire: a fresh set comes from a new job for this dataset, made once for
    // all its files however many find theirs expired at once, and at most `linkRefreshes` times.
    let links = { generation: 0, job, files };
    let refreshing: Promise<typeof links> | null = null;
    const refresh = (seen: number) => {
      if (links.generation > seen) return Promise.resolve(links);
      if (links.generation >= linkRefreshes)
        throw new ArchiveUnavailable(
          `archive ${req.archiveName}: the links of dataset ${datasetId} expired ${linkRefreshes + 1} times while staging it`,
        );
      refreshing ??= (async () => {
        const fresh = await this.job(http, runner, datalink, { ...state, job: {} }, record, progress, signal);
        jobs.push(fresh.url);
        try {
          const d = await runner.await(fresh.url, signal);
          links = { generation: links.generation + 1, job: fresh.url, files: resultFiles(d.results) };
          await progress.note('links_refreshed', { job: where(fresh.url), files: links.files.length });
          return links;
        } finally {
          fresh.release();
          refreshing = null;
        }
      })();
      return refreshing;
    };
    const dir = resolve(this.opts.root, safeSegment(req.executionId), safeSegment(req.sourceIdentifier));
    const staged = await Promise.all(
      files.map((first) =>
        this.downloads.run(async () => {
          const name = resultName(first.file, job);
          const already = state.files?.[name];
          if (already) return already;
          const dest = resolve(dir, name);
          if (!dest.startsWith(dir + sep))
            throw new PermanentJobError(`a result name leaves the staging folder: ${name}`);
          let current = { ...links, file: first };
          for (;;) {
            try {
              return await this.fetchOne(
                http,
                current.job,
                current.file,
                name,
                dest,
                record,
                () => state,
                progress,
                signal,
              );
            } catch (err) {
              if (!(err instanceof LinkExpired)) throw err;
              const next = await refresh(current.generation);
              const again = next.files.find((f) => f.file.id === current.file.file.id);
              if (!again)
                throw new PermanentJobError(
                  `archive ${req.archiveName}: the fresh staging job ${where(next.job)} has no file ${peerText(current.file.file.id, 200)}`,
                );
              current = { ...next, file: again };
            }
          }
        }, signal),
      ),
    );
    await record({ ...state, complete: true });
    await (fromShared ? this.shared.leave(runner, job) : runner.delete(job));
    for (const fresh of jobs.slice(1)) await runner.delete(fresh);
    return result(staged);
  }

  /** One result file: its checksum read (where the archive gives one), then the bytes, verified. */
  private async fetchOne(
    http: ArchiveHttp,
    job: string,
    r: ResultFile,
    name: string,
    dest: string,
    record: (s: State) => Promise<void>,
    state: () => State,
    progress: StageProgress,
    signal?: AbortSignal,
  ): Promise<StagedPart> {
    const expected = r.checksum
      ? await readChecksum(http, resultUrl(r.checksum.href, job), this.opts.limits.connectTimeoutMs, signal)
      : null;
    const url = resultUrl(r.file.href, job);
    const got = await downloadFile(http, url, dest, expected, this.opts.limits, signal);
    const part: StagedPart = {
      name,
      // A pre-signed link is a bearer credential for an hour: the record keeps where, not the key.
      url: presigned(url) ? where(url) : url,
      path: dest,
      size: got.size,
      checksum: got.checksum,
      verified_by: got.verifiedBy,
    };
    await record({ ...state(), files: { ...state().files, [name]: part } });
    await progress.note('file_staged', {
      file: name,
      bytes: got.size,
      verified_by: got.verifiedBy,
      ...(got.resumedFrom > 0 && !got.alreadyThere ? { resumed_from: got.resumedFrom } : {}),
      ...(got.alreadyThere ? { already_there: true } : {}),
    });
    return part;
  }

  async reusable(req: StageRequest, previous: StagedFile, signal?: AbortSignal): Promise<string | null> {
    const row = rowOf(req);
    const datasetId = datasetIdOf(req);
    if (previous.dataset_id !== datasetId)
      return `the dataset is now ${datasetId}, not ${previous.dataset_id}`;
    if (previous.url !== row['access_url']) return 'the dataset is now offered at another link';
    return stagedFilesIntact(this.opts.root, previous.files ?? [], signal);
  }

  /**
   * The dataset's archive job: the recorded one while the archive still has it, else a new one,
   * made in its turn among the process's open jobs (`release` once it has ended).
   */
  private async job(
    http: ArchiveHttp,
    runner: UwsJobRunner,
    datalink: string,
    state: State,
    record: (s: State) => Promise<void>,
    progress: StageProgress,
    signal?: AbortSignal,
  ): Promise<{ url: string; release: () => void }> {
    if (state.job?.url) {
      const j = await runner.read(state.job.url, signal);
      // Recorded but not started when the last try stopped: start it now.
      if (j.phase === 'PENDING') await runner.start(state.job.url, signal);
      if (!endedPhases.includes(j.phase)) return { url: state.job.url, release: () => {} };
    }
    const { service, ids } = await readAsyncLinks(http, datalink, this.opts.limits.connectTimeoutMs, signal);
    const release = await this.openJobs.acquire(signal);
    try {
      // Written before the request that makes the job: after a crash in between, the job may exist
      // on the archive without us knowing its URL; it expires there, and a new one is made.
      await record({ ...state, datalink, job: { creating: true } });
      const url = await runner.create(service, { form: { ID: ids } }, signal);
      await record({ ...state, datalink, job: { url } });
      await progress.note('job_created', {
        job: where(url),
        files: ids.length,
        ...(state.job?.creating && !state.job.url ? { earlier_try_unrecorded: true } : {}),
      });
      await runner.start(url, signal);
      return { url, release };
    } catch (err) {
      release();
      throw err;
    }
  }
}
