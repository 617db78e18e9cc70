// What the configuration's graph patches changed in a run's logical graph, as the run record says
// they were applied (a patch that matched nothing is not there): the run's graph marks the logical
// nodes they set, and this table lists each field with the value it was given.

/** One field a patch set on one logical node (`run_record.patches`). */
export interface AppliedPatch {
  readonly node_id: string;
  readonly node_name: string;
  readonly field: string;
  readonly value: unknown;
}

/** The patches the run applied, by logical node name. */
export const patchesOf = (runRecord: Readonly<Record<string, unknown>>): Map<string, AppliedPatch[]> => {
  const byName = new Map<string, AppliedPatch[]>();
  const list = runRecord['patches'];
  if (!Array.isArray(list)) return byName;
  for (const p of list as AppliedPatch[]) {
    if (!p || typeof p.node_name !== 'string' || typeof p.field !== 'string') continue;
    byName.set(p.node_name, [...(byName.get(p.node_name) ?? []), p]);
  }
  return byName;
};

const valueText = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

/** "field = value; …" for one node's patches. */
export const patchWords = (list: readonly AppliedPatch[] | undefined): string =>
  (list ?? []).map((p) => `${p.field} = ${valueText(p.value)}`).join('; ');

/** The patches applied, each with whether the drawing has a box for its node. */
export const GraphPatches = ({
  patches,
  drawn,
}: {
  patches: ReadonlyMap<string, readonly AppliedPatch[]>;
  drawn: ReadonlySet<string>;
}) =>
  patches.size === 0 ? null : (
    <table aria-label="Graph patches applied">
      <caption>
        What the configuration's graph patches set in this run's logical graph (marked ✎ in the drawing)
      </caption>
      <thead>
        <tr>
          <th scope="col">Logical node</th>
          <th scope="col">Field</th>
          <th scope="col">Set to</th>
        </tr>
      </thead>
      <tbody>
        {[...patches.entries()].flatMap(([name, list]) =>
          list.map((p, i) => (
            <tr key={`${name}:${p.field}:${i}`}>
              <td>
                {name}
                {drawn.has(name) ? '' : ' (a construct: its effect is in the drops it makes)'}
              </td>
              <td>
                <code>{p.field}</code>
              </td>
              <td>
                <code>{valueText(p.value)}</code>
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
