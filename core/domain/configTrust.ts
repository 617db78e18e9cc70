import type { ProjectConfig } from './projectConfig.js';

/**
 * Graph fields an operator's graph patches may set: parallelism and sizes, never code. An admin
 * may patch any field (SERVICE_PATCHABLE_FIELDS replaces this list).
 */
export const defaultPatchableFields: readonly string[] = [
  'num_of_copies',
  'num_of_splits',
  'num_of_iter',
  'execution_time',
  'data_volume',
  'greet',
];

const patchKey = (p: ProjectConfig['graph_patches'][number], field: string) =>
  JSON.stringify([p.match.kind, p.match.equals, field, p.set[field]]);

/**
 * What in an uploaded configuration only an admin may decide, because it chooses what code runs:
 * a graph fetched from a URL (its digest is whatever the uploader says), and graph patches of
 * fields outside the patchable list (a node's `func_code` or bash `command`, say). What the active
 * version already holds, unchanged, was an admin's decision and stays allowed. Empty when an
 * operator may upload it.
 */
export const configAdminOnly = (
  next: ProjectConfig,
  active: ProjectConfig | null,
  patchable: readonly string[],
): string[] => {
  const out: string[] = [];
  if (
    next.graph.url !== undefined &&
    (active?.graph.url !== next.graph.url || active.graph.sha256 !== next.graph.sha256)
  )
    out.push('graph.url');
  const approved = new Set(
    (active?.graph_patches ?? []).flatMap((p) => Object.keys(p.set).map((f) => patchKey(p, f))),
  );
  next.graph_patches.forEach((p, i) => {
    for (const f of Object.keys(p.set))
      if (!patchable.includes(f) && !approved.has(patchKey(p, f))) out.push(`graph_patches.${i}.set.${f}`);
  });
  return out;
};

/**
 * How a configuration loosens the project's budget against the active version's: removed, a
 * higher limit, another unit, or `warn` where it blocked. A budget is an admin's decision (the
 * project's share of an allocation): an operator may keep it, set one where there was none, or
 * tighten it, and asks an admin for more. Empty when an operator may upload it.
 */
export const budgetLoosened = (next: ProjectConfig, active: ProjectConfig | null): string[] => {
  const was = active?.budget;
  const now = next.budget;
  if (!was) return [];
  if (!now) return ['budget'];
  const out: string[] = [];
  if (now.unit !== was.unit) out.push('budget.unit');
  else if (now.limit > was.limit) out.push('budget.limit');
  if (was.on_exhausted === 'block' && now.on_exhausted === 'warn') out.push('budget.on_exhausted');
  return out;
};
