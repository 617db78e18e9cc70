/**
 * How automation puts ready sources into executions: up to `size` to a run, in the order given,
 * except the sources in `alone`, each of which gets a run of its own. Those are sources whose
 * earlier run failed: a grouped run's failure does not say which source caused it (DALiuGE reports
 * drops, and a graph need not say which source a drop served), so its sources are tried again one
 * to a run; the others complete, and the one at fault fails on its own until automation's retry
 * rule holds it.
 */
export const runGroups = <S extends { readonly id: string }>(
  ready: readonly S[],
  size: number,
  alone: ReadonlySet<string>,
): S[][] => {
  const groups: S[][] = [];
  let open: S[] = [];
  for (const s of ready) {
    if (alone.has(s.id)) {
      groups.push([s]);
      continue;
    }
    open.push(s);
    if (open.length >= size) {
      groups.push(open);
      open = [];
    }
  }
  if (open.length > 0) groups.push(open);
  return groups;
};

/**
 * The groups without the last one when it is short of `size` and of `minSources` and none of its
 * sources has waited `maxWaitMs` since discovery: more sources may come to fill it (a survey's
 * sources are discovered a batch at a time), so it waits as a project with too few ready sources
 * does. A source alone after a failed run never waits here.
 */
export const holdShortTail = <S extends { readonly id: string; readonly discoveredAt: Date }>(
  groups: readonly S[][],
  o: { size: number; minSources: number; maxWaitMs: number; now: Date; alone: ReadonlySet<string> },
): S[][] => {
  const last = groups.at(-1);
  if (!last || last.length >= o.size || last.length >= o.minSources || o.alone.has(last[0]!.id))
    return [...groups];
  const oldest = Math.min(...last.map((s) => s.discoveredAt.getTime()));
  return o.now.getTime() - oldest >= o.maxWaitMs ? [...groups] : groups.slice(0, -1);
};
