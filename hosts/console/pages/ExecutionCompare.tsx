// An execution beside another, by its id: what they were made with, and how each ended (the
// execution's page).
import { useState } from 'preact/hooks';
import { get } from '../api.js';
import type { ExecutionComparison } from '../types.js';
import { ErrorNote, Field, useAction } from '../ui.js';
const changeText = (c: { path: string; a?: unknown; b?: unknown }) =>
  `${c.path}: ${c.a === undefined ? '(absent)' : JSON.stringify(c.a)} → ${c.b === undefined ? '(absent)' : JSON.stringify(c.b)}`;

const fullId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An execution's id from the id or its first 8 or more characters, as the lists show it and the CLI takes it. */
const executionOf = async (given: string): Promise<string> => {
  if (fullId.test(given)) return given;
  if (!/^[0-9a-f]{8}[0-9a-f-]*$/.test(given) || given.length > 36)
    throw new Error(`${given} is neither an execution id nor its first 8 or more characters`);
  const page = await get<{ items: { uuid: string }[] }>(`/executions?id_prefix=${given}&limit=2`);
  if (page.items.length === 0) throw new Error(`no execution starts with ${given}`);
  if (page.items.length > 1) throw new Error(`several executions start with ${given}: give more characters`);
  return page.items[0]!.uuid;
};

/** This execution against another, by its id: what they were made with, and how each ended. */
export const Compare = ({ id }: { id: string }) => {
  const [other, setOther] = useState('');
  const [diff, setDiff] = useState<ExecutionComparison | null>(null);
  const { busy, error, run } = useAction();
  const compare = () =>
    run(async () => {
      const with_ = await executionOf(other.trim().toLowerCase());
      setDiff(await get<ExecutionComparison>(`/executions/${id}/diff/${with_}`));
    });
  return (
    <>
      <h2>Compare</h2>
      <form
        class="inline"
        onSubmit={(ev) => {
          ev.preventDefault();
          void compare();
        }}
      >
        <Field label="With execution (its id, or its first 8 or more characters)">
          <input value={other} onInput={(ev) => setOther((ev.target as HTMLInputElement).value)} size={38} />
        </Field>
        <button type="submit" disabled={busy || other.trim() === ''}>
          Compare
        </button>
      </form>
      <ErrorNote error={error} />
      {diff && (
        <dl class="facts" aria-label="Comparison">
          <dt>Made with</dt>
          <dd>{diff.same ? 'the same' : 'differences below'}</dd>
          <dt>Configuration</dt>
          <dd>
            {diff.configuration.same
              ? `the same (version ${diff.configuration.a.version})`
              : `version ${diff.configuration.a.version} → ${diff.configuration.b.version}`}
            {diff.configuration.yaml_diff && <pre>{diff.configuration.yaml_diff}</pre>}
            {diff.configuration.yaml_diff_omitted && <p>{diff.configuration.yaml_diff_omitted}</p>}
          </dd>
          <dt>Graph</dt>
          <dd>
            {diff.graph.same ? 'the same' : `${diff.graph.a?.slice(0, 12)}… → ${diff.graph.b?.slice(0, 12)}…`}
          </dd>
          <dt>Profile</dt>
          <dd>
            {diff.profile.changes.length === 0 ? (
              'the same fields'
            ) : (
              <ul>
                {diff.profile.changes.map((c) => (
                  <li key={c.path}>{changeText(c)}</li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Sources</dt>
          <dd>
            {diff.sources.only_in_a.length + diff.sources.only_in_b.length + diff.sources.changed.length ===
            0 ? (
              'the same'
            ) : (
              <ul>
                {diff.sources.only_in_a.map((s) => (
                  <li key={`a:${s}`}>only here: {s}</li>
                ))}
                {diff.sources.only_in_b.map((s) => (
                  <li key={`b:${s}`}>only there: {s}</li>
                ))}
                {diff.sources.changed.map((c) => (
                  <li key={c.source_identifier}>
                    {c.source_identifier}:{' '}
                    {(c.fields ?? []).map(changeText).join('; ') || 'signature changed'}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Outcome</dt>
          <dd>
            {diff.outcome.a.state} → {diff.outcome.b.state}
          </dd>
        </dl>
      )}
    </>
  );
};
