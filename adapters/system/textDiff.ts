import type { TextDiff, UnifiedDiff } from '../../core/ports/TextDiff.js';
import { OffThreadTimeout, offThread } from './offThread.js';

/** Most lines added and removed in a diff shown, and the longest it may compute. */
export const diffLimits = { maxEditLength: 4000, timeoutMs: 2000 } as const;

/**
 * jsdiff's unified diff (the `diff` package, as `surveyor project diff` uses it), off the request
 * thread (offThread.ts): two configurations that differ on every line take seconds of CPU. Bounded
 * in edits and in time; past the bound the answer says the diff is omitted and why.
 */
export class UnifiedTextDiff implements TextDiff {
  async unified(aName: string, bName: string, a: string, b: string): Promise<UnifiedDiff> {
    if (a === b) return { text: '' };
    const { maxEditLength, timeoutMs } = diffLimits;
    let text: string | null;
    try {
      // jsdiff stops itself at its timeout; the thread is stopped if it does not, a few seconds on.
      text = await offThread('diff', { aName, bName, a, b, maxEditLength, timeoutMs }, timeoutMs + 3000);
    } catch (err) {
      if (!(err instanceof OffThreadTimeout)) throw err;
      text = null;
    }
    return text === null
      ? {
          omitted: `the two versions differ in more than ${maxEditLength} lines, or their diff took more than ${timeoutMs / 1000} s: compare them with surveyor project diff`,
        }
      : { text };
  }
}
