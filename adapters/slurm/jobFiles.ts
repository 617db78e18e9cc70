import type { OutputReport, SessionProgress } from '../../core/domain/backendStates.js';

/**
 * What a batch job leaves beside its graph for the poll to read (written by `surveyor-job.py`,
 * jobHelper.ts): the status file of how the session ended, and the progress file of its drops
 * while it runs. Both are data from the cluster: checked and bounded, never trusted as typed.
 */
export interface JobStatusFile {
  readonly state?: string;
  readonly reason?: string;
  readonly errored_drops?: string[];
  readonly errored_count?: number;
  readonly source?: string;
  readonly outputs?: unknown;
}

/** The helper's output report, checked: the status file is data from the cluster, not trusted as typed. */
export const outputsOf = (status: JobStatusFile | null): OutputReport | undefined => {
  const o = status?.outputs as Record<string, unknown> | null | undefined;
  if (!o || typeof o !== 'object') return undefined;
  const count = o['count'];
  const incompleteCount = o['incomplete_count'];
  const incomplete = o['incomplete'];
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(incompleteCount) || !Array.isArray(incomplete))
    return undefined;
  const listed = incomplete
    .filter(
      (x): x is { oid: string; state: string } => typeof x?.oid === 'string' && typeof x?.state === 'string',
    )
    .slice(0, 50)
    .map((x) => ({ oid: x.oid.slice(0, 200), state: x.state.slice(0, 40) }));
  const counted = (k: 'skipped_count' | 'freed_count') =>
    Number.isSafeInteger(o[k]) ? (o[k] as number) : undefined;
  const skippedCount = counted('skipped_count');
  const freedCount = counted('freed_count');
  return {
    count: count as number,
    incomplete: listed,
    incompleteCount: incompleteCount as number,
    ...(skippedCount === undefined ? {} : { skippedCount }),
    ...(freedCount === undefined ? {} : { freedCount }),
  };
};

/** The helper's progress file, checked: data from the cluster, bounded, not trusted as typed. */
export const parseProgressFile = (text: string | undefined): SessionProgress | null => {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(text ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  const counts = [v?.['drops'], v?.['running_count'], v?.['waiting_count']];
  const running = v?.['running'];
  if (
    typeof v?.['digest'] !== 'string' ||
    !/^[0-9a-f]{8,64}$/.test(v['digest']) ||
    !counts.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) ||
    !Array.isArray(running)
  )
    return null;
  return {
    digest: v['digest'],
    drops: v['drops'] as number,
    running: running
      .filter((x): x is string => typeof x === 'string')
      .slice(0, 5)
      .map((x) => x.slice(0, 200)),
    runningCount: v['running_count'] as number,
    waitingCount: v['waiting_count'] as number,
  };
};

export const parseStatusFile = (text: string | undefined): JobStatusFile | null => {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as JobStatusFile) : null;
  } catch {
    return null;
  }
};
