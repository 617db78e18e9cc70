import { breaksALine, lineBreakingClass } from './oneLine.js';
import { charLength, wellFormed } from './charLength.js';
import { patternFinds } from './safeRegex.js';
import { isoTime, isoTimeOrNull } from './isoTime.js';
/** A source: one observation target of a project, and what discovery found about it. */
export const discoveryStates = ['never', 'queued', 'running', 'done', 'failed'] as const;
export type DiscoveryState = (typeof discoveryStates)[number];

export interface SourceMetadata {
  /** The source's datasets: rows of the configuration's `datasets_from` query, field-mapped and enriched. */
  readonly datasets: readonly Readonly<Record<string, unknown>>[];
  /** Raw rows of every source query, by query name. */
  readonly queries: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
  /** The source's template variables (identifier and its transforms). */
  readonly vars: Readonly<Record<string, unknown>>;
  /**
   * Whether the archive lets the account fetch the datasets (discovery's `access_check`: each
   * dataset's datalink asked); absent when not checked. Not part of the signature: the data is the
   * same before and after its release.
   */
  readonly access?: SourceAccess;
}

/** What discovery learnt of the archive's leave to fetch a source's datasets. */
export interface SourceAccess {
  /** Why the source's data cannot be fetched yet, in words (null: all of it can, or it is unknown). */
  readonly held: string | null;
  /** The datasets the archive does not let the account fetch, with their release dates where given. */
  readonly proprietary: readonly { readonly dataset_id: string; readonly release_date: string | null }[];
  /** Datasets whose access could not be told (the datalink said neither way), with the reason. */
  readonly unknown: readonly { readonly dataset_id: string; readonly reason: string }[];
}

export interface Source {
  readonly id: string;
  readonly projectModule: string;
  readonly sourceIdentifier: string;
  readonly enabled: boolean;
  readonly discoveryState: DiscoveryState;
  readonly discoveryError: string | null;
  readonly discoveredAt: Date | null;
  readonly configVersion: number | null;
  readonly metadata: SourceMetadata | null;
  readonly discoveryFlags: Readonly<Record<string, unknown>>;
  readonly signature: string | null;
  readonly processedSignature: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const maxIdentifierLength = 256;

/**
 * The rules below as a JSON Schema pattern (ECMAScript): no white space at either end, nothing that
 * breaks a line (domain/oneLine.ts). The API document states it, so a client knows before it sends.
 */
export const identifierPattern = `^(?!\\s)(?![\\s\\S]*\\s$)[^${lineBreakingClass}]+$`;

/** Why an identifier is not acceptable, or null. `pattern` is the project's source_identity.pattern. */
export const identifierProblem = (id: string, pattern?: string): string | null => {
  const n = charLength(id);
  if (n === 0 || n > maxIdentifierLength) return `must be 1 to ${maxIdentifierLength} characters`;
  if (id.trim() !== id) return 'must not start or end with white space';
  if (breaksALine.test(id)) return 'must not contain control characters or line separators';
  // A lone surrogate cannot be written as UTF-8: the database would store U+FFFD in its place.
  if (!wellFormed(id)) return 'must be well-formed Unicode (a lone surrogate is not)';
  if (pattern !== undefined && !patternFinds(pattern, id))
    return `does not match the project's pattern ${pattern}`;
  return null;
};

export interface SourceReadiness {
  readonly ready: boolean;
  /** Why the source cannot be processed yet, in words. */
  readonly blockedBy: readonly string[];
}

/**
 * What readiness looks at: a source, or only these fields of it (the status route reads no more
 * than how many datasets discovery found, not the metadata itself).
 */
export type SourceState = Pick<
  Source,
  'id' | 'sourceIdentifier' | 'enabled' | 'discoveryState' | 'discoveryError' | 'discoveryFlags'
> & {
  readonly metadata: {
    readonly datasets: { readonly length: number };
    readonly access?: { readonly held: string | null };
  } | null;
};

/** Whether an execution may use the source now, and if not, why. */
export const sourceReadiness = (s: SourceState, requiredFlags: readonly string[]): SourceReadiness => {
  const blockedBy: string[] = [];
  if (!s.enabled) blockedBy.push('the source is disabled');
  if (s.metadata === null)
    blockedBy.push(
      s.discoveryState === 'failed'
        ? `discovery failed: ${s.discoveryError ?? 'unknown error'}`
        : s.discoveryState === 'never'
          ? 'not discovered yet'
          : `discovery is ${s.discoveryState}`,
    );
  else if (s.metadata.datasets.length === 0) blockedBy.push('discovery found no datasets');
  if (s.metadata?.access?.held) blockedBy.push(s.metadata.access.held);
  for (const f of requiredFlags)
    if (s.metadata !== null && s.discoveryFlags[f] !== true)
      blockedBy.push(`discovery flag ${f} is not true`);
  return { ready: blockedBy.length === 0, blockedBy };
};

/** Discovery found data (a signature) that no execution has processed yet. */
export const needsProcessing = (s: Pick<Source, 'signature' | 'processedSignature'>) =>
  s.signature !== null && s.signature !== s.processedSignature;

/**
 * What a list shows of a source: no metadata, flags or signatures (a page stays small and cheap to
 * read), only whether it needs processing.
 */
export type SourceSummary = Pick<
  Source,
  | 'id'
  | 'projectModule'
  | 'sourceIdentifier'
  | 'enabled'
  | 'discoveryState'
  | 'discoveredAt'
  | 'createdAt'
  | 'updatedAt'
> & { readonly needsProcessing: boolean };

export const summariseSource = (s: Source): SourceSummary => ({ ...s, needsProcessing: needsProcessing(s) });

export const viewSource = (s: SourceSummary) => ({
  uuid: s.id,
  project_module: s.projectModule,
  source_identifier: s.sourceIdentifier,
  enabled: s.enabled,
  discovery_state: s.discoveryState,
  discovered_at: isoTimeOrNull(s.discoveredAt),
  needs_processing: s.needsProcessing,
  created_at: isoTime(s.createdAt),
  updated_at: isoTime(s.updatedAt),
});

/** What one source shows, from the whole source. */
export const viewWholeSource = (s: Source) => viewSource(summariseSource(s));
