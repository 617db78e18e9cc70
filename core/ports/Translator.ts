import type { TranslationSettings } from '../domain/profile.js';
import type { PingCheck } from './PingCheck.js';

/** A drop spec of a partitioned or physical graph (DALiuGE's own JSON objects). */
export type DropSpec = Readonly<Record<string, unknown>>;

/**
 * The drops of a translated graph: DALiuGE ends the list with its reproducibility record, an
 * element without an `oid`, which is not a drop.
 */
export const dropCount = (graph: readonly DropSpec[]): number =>
  graph.reduce((n, d) => (typeof d['oid'] === 'string' ? n + 1 : n), 0);

/** Where the translator finds the island manager (as the translator sees it). */
export interface DimAddress {
  readonly host: string;
  readonly port: number;
}

/** The graph translator service (DALiuGE `dlg tm`): logical graph -> partitions -> physical graph. */
export interface Translator {
  /** Unrolls and partitions a logical graph (JSON text) per the profile's translation settings. */
  partition(logicalGraph: string, settings: TranslationSettings, signal?: AbortSignal): Promise<DropSpec[]>;
  /** Maps a partitioned template onto the island manager's nodes. */
  map(
    partitioned: readonly DropSpec[],
    settings: TranslationSettings,
    dim: DimAddress,
    signal?: AbortSignal,
  ): Promise<DropSpec[]>;
  /**
   * The DALiuGE version of the translator these settings name (its API document says it), or null
   * when it does not say: recorded with each translation, for comparisons of runs.
   */
  version(settings: TranslationSettings, signal?: AbortSignal): Promise<string | null>;
  /** Whether the translator these settings name answers (a liveness request, nothing else). */
  ping(settings: TranslationSettings, signal?: AbortSignal): Promise<PingCheck>;
}
