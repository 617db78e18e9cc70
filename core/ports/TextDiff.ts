/** A unified diff of two texts (what `diff -u` prints), empty when they are the same. */
export interface TextDiff {
  unified(aName: string, bName: string, a: string, b: string): string;
}
