import type { Execution } from '../../domain/executionRecord.js';
import { type JsonChange, jsonChanges } from '../../domain/jsonChanges.js';
import type { Manifest } from '../../domain/manifest.js';
import type { ProjectConfigVersion } from '../../domain/projectVersion.js';
import type { Source } from '../../domain/source.js';
import type { TextDiff } from '../../ports/TextDiff.js';

/** One side of a comparison: the execution and what it was made with, as read for it. */
export interface CompareSide {
  readonly execution: Execution;
  readonly config: ProjectConfigVersion | null;
  readonly sources: readonly Source[];
  /** The manifest of its latest attempt that built one (null: none built, or pruned). */
  readonly manifest: Manifest | null;
}

// Paths that differ between any two runs by construction: where each staged its files.
const stagedPath = /(^|\.)staged(\.files\[\d+\])?\.path$/;

const changes = (a: unknown, b: unknown, ignore?: (p: string) => boolean) => {
  const r = jsonChanges(a, b, 200, ignore);
  return { changes: r.changes as JsonChange[], truncated: r.truncated };
};

/**
 * What differs between two executions: the configuration version (with the unified diff of its
 * YAML), the graph digest, the profile snapshot field by field, the sources (which only one has,
 * and for the others the signature each used and what differs in their manifest entries: the
 * discovery metadata as the run rendered it, and the staged files' checksums and sizes), the
 * backend, and the outcome. Only what the two records hold: a manifest that was not built, or that
 * retention pruned, is said to be missing rather than compared.
 */
export const compareExecutions = async (a: CompareSide, b: CompareSide, diff: TextDiff) => {
  const ea = a.execution;
  const eb = b.execution;
  const configSame = ea.projectModule === eb.projectModule && ea.configVersion === eb.configVersion;
  const name = (s: CompareSide) => `${s.execution.projectModule} version ${s.execution.configVersion}`;
  const yamlDiff =
    configSame || !a.config || !b.config
      ? { text: '' }
      : await diff.unified(name(a), name(b), a.config.yaml, b.config.yaml);
  const graphOf = (s: CompareSide) => s.config?.config.graph.sha256 ?? null;
  const profile = changes(
    { ...ea.profileSnapshot, id: undefined, version: undefined },
    { ...eb.profileSnapshot, id: undefined, version: undefined },
  );
  const identifiers = (s: CompareSide) => {
    const byId = new Map(s.sources.map((x) => [x.id, x]));
    return new Map(
      s.execution.sourceIds.flatMap((id) => {
        const x = byId.get(id);
        return x ? [[x.sourceIdentifier, x] as const] : [];
      }),
    );
  };
  const ia = identifiers(a);
  const ib = identifiers(b);
  const signature = (e: Execution, src: Source) =>
    ((e.runRecord['source_signatures'] ?? {}) as Record<string, string | null>)[src.id] ?? null;
  const entries = (m: Manifest | null) => new Map(m?.sources.map((s) => [s['source_identifier'], s]) ?? []);
  const [entriesA, entriesB] = [entries(a.manifest), entries(b.manifest)];
  const both = [...ia.keys()].filter((k) => ib.has(k)).sort();
  const changed = both.flatMap((identifier) => {
    const sa = signature(ea, ia.get(identifier)!);
    const sb = signature(eb, ib.get(identifier)!);
    const ma = entriesA.get(identifier) ?? null;
    const mb = entriesB.get(identifier) ?? null;
    const fields = ma && mb ? changes(ma, mb, (p) => stagedPath.test(p)) : null;
    if (sa === sb && (fields === null || fields.changes.length === 0)) return [];
    return [
      {
        source_identifier: identifier,
        signature_a: sa,
        signature_b: sb,
        // null: a side has no manifest entry to compare (not built, or pruned).
        fields: fields?.changes ?? null,
        fields_truncated: fields?.truncated ?? false,
      },
    ];
  });
  const outcome = (e: Execution) => ({
    state: e.state,
    attempt: e.attempt,
    error: e.error,
    remote_state: (e.runRecord['remote_state'] as string | undefined) ?? null,
    failed_drops: (e.runRecord['failed_drops'] as string[] | undefined) ?? [],
  });
  const backend = (e: Execution) => ({
    kind: e.profileSnapshot.deployment.kind,
    target: e.backendTarget,
    scheduler_job_id: e.schedulerJobId,
    // The DALiuGE version of the translator that translated it (null: not known, or reused).
    translator_version: (e.runRecord['translator_version'] as string | null | undefined) ?? null,
  });
  const result = {
    a: ea.id,
    b: eb.id,
    configuration: {
      a: {
        project_module: ea.projectModule,
        version: ea.configVersion,
        content_hash: a.config?.contentHash ?? null,
      },
      b: {
        project_module: eb.projectModule,
        version: eb.configVersion,
        content_hash: b.config?.contentHash ?? null,
      },
      same: configSame,
      yaml_diff: 'text' in yamlDiff && yamlDiff.text !== '' ? yamlDiff.text : null,
      // Why the diff is not given though the versions differ (too large to compute for a request).
      yaml_diff_omitted: 'omitted' in yamlDiff ? yamlDiff.omitted : null,
    },
    graph: { a: graphOf(a), b: graphOf(b), same: graphOf(a) === graphOf(b) },
    profile: {
      a: { name: ea.profileSnapshot.name, version: ea.profileSnapshot.version },
      b: { name: eb.profileSnapshot.name, version: eb.profileSnapshot.version },
      changes: profile.changes,
      truncated: profile.truncated,
    },
    sources: {
      only_in_a: [...ia.keys()].filter((k) => !ib.has(k)).sort(),
      only_in_b: [...ib.keys()].filter((k) => !ia.has(k)).sort(),
      changed,
    },
    manifest: { a: a.manifest !== null, b: b.manifest !== null },
    backend: { a: backend(ea), b: backend(eb) },
    outcome: { a: outcome(ea), b: outcome(eb) },
  };
  const same =
    configSame &&
    result.graph.same &&
    profile.changes.length === 0 &&
    result.sources.only_in_a.length === 0 &&
    result.sources.only_in_b.length === 0 &&
    changed.length === 0;
  return { ...result, same };
};
