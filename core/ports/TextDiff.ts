/** A unified diff (what `diff -u` prints, empty when the texts are the same), or why none is given. */
export type UnifiedDiff = { readonly text: string } | { readonly omitted: string };

/**
 * Unified diffs of two texts. A diff costs time that grows with how much differs, so an
 * implementation bounds it (in edits and in time) and keeps it off the thread that answers
 * requests; past the bound it says why it gives none.
 */
export interface TextDiff {
  unified(aName: string, bName: string, a: string, b: string): Promise<UnifiedDiff>;
}
