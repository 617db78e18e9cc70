import { breaksALine } from './oneLine.js';
import { charLength, wellFormed } from './charLength.js';
import { type DiscoveryState, maxIdentifierLength, needsProcessing, type Source } from './source.js';

/**
 * Which of a project's sources a list shows: the ones that need an operator's eye (discovery
 * failed, disabled, found data not processed yet) or a name's neighbours. Every field left out
 * matches every source.
 */
export interface SourceFilter {
  readonly discoveryState?: DiscoveryState;
  readonly enabled?: boolean;
  readonly needsProcessing?: boolean;
  /** Identifiers that start with these characters (case and all, as registered). */
  readonly identifierPrefix?: string;
}

export const sourceMatches = (
  f: SourceFilter,
  s: Pick<Source, 'discoveryState' | 'enabled' | 'sourceIdentifier' | 'signature' | 'processedSignature'>,
): boolean =>
  (f.discoveryState === undefined || s.discoveryState === f.discoveryState) &&
  (f.enabled === undefined || s.enabled === f.enabled) &&
  (f.needsProcessing === undefined || needsProcessing(s) === f.needsProcessing) &&
  (f.identifierPrefix === undefined || s.sourceIdentifier.startsWith(f.identifierPrefix));

/** Why a prefix cannot be searched for, or null: no identifier could start with it otherwise. */
export const prefixProblem = (prefix: string): string | null => {
  const n = charLength(prefix);
  if (n === 0 || n > maxIdentifierLength) return `must be 1 to ${maxIdentifierLength} characters`;
  if (breaksALine.test(prefix)) return 'must not contain control characters or line separators';
  if (!wellFormed(prefix)) return 'must be well-formed Unicode (a lone surrogate is not)';
  return null;
};

/**
 * The least string above every string that starts with `prefix`, in code point order (the order
 * lists are in), so a prefix is a range an index can read: null when there is none (every
 * character is U+10FFFF). Surrogates are not characters: U+D7FF is followed by U+E000.
 */
export const pastPrefix = (prefix: string): string | null => {
  const points = Array.from(prefix, (c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) return String.fromCodePoint(...points, last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
};
