/** Edit distance (insert, delete, replace, swap of neighbours), stopping early past `max`. */
const distance = (a: string, b: string, max: number): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
    }
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
};

/**
 * The names at most `maxEdits` edits from a misspelt one, nearest first (then in the order given),
 * at most `count`: what "did you mean" offers.
 */
export const nearestNames = (
  word: string,
  names: readonly string[],
  maxEdits: number,
  count: number,
): string[] =>
  names
    .map((name, i) => ({ name, i, d: distance(word, name, maxEdits) }))
    .filter((x) => x.d <= maxEdits)
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((x) => x.name);
