// An execution's artifacts to download, and what each retry reused of what an earlier attempt
// staged (the execution's page).
import { call } from '../api.js';
import type { Ledger, ProvenanceEvent } from '../types.js';
export const Artifacts = ({ id, ledger }: { id: string; ledger: Ledger }) =>
  ledger.artifacts.length === 0 ? (
    <p class="muted">No artifacts yet.</p>
  ) : (
    <table>
      <thead>
        <tr>
          <th scope="col">Attempt</th>
          <th scope="col">Name</th>
          <th scope="col">Size</th>
          <th scope="col">sha256</th>
        </tr>
      </thead>
      <tbody>
        {ledger.artifacts.map((a) => (
          <tr key={`${a.attempt}/${a.name}`}>
            <td>{a.attempt}</td>
            <td>
              {a.content_pruned_at ? (
                <span title="retention dropped the content">{a.name} (pruned)</span>
              ) : (
                <a
                  href={`/api/v2/executions/${id}/artifact?attempt=${a.attempt}&name=${encodeURIComponent(a.name)}`}
                  onClick={(ev) => {
                    ev.preventDefault();
                    void download(
                      `/executions/${id}/artifact?attempt=${a.attempt}&name=${encodeURIComponent(a.name)}`,
                      a.name,
                    );
                  }}
                >
                  {a.name}
                </a>
              )}
            </td>
            <td>{a.size.toLocaleString()} B</td>
            <td>
              <code>{a.sha256.slice(0, 16)}…</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

/** Downloads with the in-memory token (a plain link would carry no Authorization header). */
export const download = async (path: string, name: string) => {
  const res = await call<unknown>('GET', path);
  const blob = new Blob([JSON.stringify(res, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name.replace(/[^A-Za-z0-9._-]/g, '_');
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
};

/** What each retry did with what an earlier attempt staged: reused, or staged again and why. */
export const Reuse = ({ events }: { events: readonly ProvenanceEvent[] }) => {
  const rows = events.filter(
    (e) => e.kind === 'execution.staging_reused' || e.kind === 'execution.staging_not_reused',
  );
  return rows.length === 0 ? null : (
    <>
      <h2>Reused on retry</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Attempt</th>
            <th scope="col">Source</th>
            <th scope="col">Dataset</th>
            <th scope="col">Staged data</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td>{String(e.payload['attempt'])}</td>
              <td>{String(e.payload['source'])}</td>
              <td>{String(e.payload['dataset'])}</td>
              <td>
                {e.kind === 'execution.staging_reused' ? 'reused' : 'staged again'} from attempt{' '}
                {String(e.payload['from_attempt'])}
              </td>
              <td>{String(e.payload['why'])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
};
