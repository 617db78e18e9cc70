import { call, get } from '../api.js';
import { go, href } from '../router.js';
import { canIn, useMe } from '../session.js';
import type { EventPage, ExecutionStatus, ExecutionSummary, Ledger } from '../types.js';
import { ConfirmButton, durationText, Json, Page, Show, StateBadge, Time, useLoad } from '../ui.js';

import { AttemptsUsage, StepsBar } from './ExecutionUsage.js';
import { Artifacts, download, Reuse } from './ExecutionArtifacts.js';
import { Compare } from './ExecutionCompare.js';
import { DropGraph } from './ExecutionGraph.js';

const terminal = new Set(['completed', 'failed', 'cancelled']);

/** A link only to a web address: a URL from a profile never becomes script. */
const safeUrl = (u: unknown): string | null => (typeof u === 'string' && /^https?:\/\//i.test(u) ? u : null);

const seconds = durationText;

/** What an event says, in a line: its kind and the payload fields people look for. */
const eventLine = (payload: Record<string, unknown>) =>
  [
    'from',
    'to',
    'state',
    'reason',
    'error',
    'scheduler_job_id',
    'session_id',
    'remote_state',
    'from_attempt',
    'why',
  ]
    .filter((k) => payload[k] !== undefined && payload[k] !== null)
    .map((k) => `${k}: ${typeof payload[k] === 'string' ? payload[k] : JSON.stringify(payload[k])}`)
    .join(' · ');

/** The API's reason for an execution nobody asked to run (the console's Execute button does it). */
const notAsked = 'not asked to run yet';

/** A run on the mock backends: its session links name no real island manager. */
const mockRun = (s: ExecutionStatus): boolean => {
  const sub = s.run_record['submission'] as { backend?: unknown } | undefined;
  return typeof sub?.backend === 'string' && sub.backend.startsWith('mock');
};

/** The run this one reproduces, when it is a reproduction. */
const reproduced = (s: ExecutionStatus) => {
  const r = s.run_record['reproduces'] as
    | { execution_id?: unknown; attempt?: unknown; with_current?: unknown }
    | undefined;
  return r && typeof r.execution_id === 'string' && /^[0-9a-f-]{36}$/.test(r.execution_id)
    ? {
        execution_id: r.execution_id,
        attempt: Number(r.attempt),
        with_current: Array.isArray(r.with_current) ? r.with_current.map(String) : [],
      }
    : null;
};

/** What the run is (or will be), in words. */
const runWords = (s: ExecutionStatus): string =>
  s.execute_requested_at === null
    ? 'not asked to run yet'
    : s.do_submit === false
      ? 'dry run (not submitted)'
      : s.scheduler_job_id
        ? 'submitted to the backend'
        : 'to be submitted to the backend';

export const ExecutionDetailPage = ({ id }: { id: string }) => {
  const status = useLoad(() => get<ExecutionStatus>(`/executions/${id}/status`), id, 3000);
  const summary = useLoad(() => get<ExecutionSummary>(`/executions/${id}/summary`), id, 3000);
  const events = useLoad(() => get<EventPage>(`/executions/${id}/events?limit=500`), id, 3000);
  const ledger = useLoad(() => get<Ledger>(`/executions/${id}/ledger-snapshot`), id, 10_000);
  const me = useMe();
  const reload = () => {
    status.reload();
    summary.reload();
    events.reload();
    ledger.reload();
  };
  const act = (what: string, body?: unknown) => async () => {
    await call('POST', `/executions/${id}/${what}`, body);
    reload();
  };
  const e = status.data;
  const canRun = canIn(me, 'operator', e?.project_module);
  return (
    <Page
      title={`Execution ${id.slice(0, 8)}`}
      actions={
        canRun &&
        e && (
          <>
            {e.state === 'pending' && e.execute_requested_at === null && (
              <ConfirmButton
                label="Execute"
                question="Run this execution now?"
                dismiss="Not now"
                action={act('execute', {})}
              />
            )}
            {!terminal.has(e.state) && e.state !== 'cancelling' && (
              <ConfirmButton
                label="Cancel"
                danger
                question="Cancel this execution? Work on the backend is stopped."
                action={act('cancel')}
              />
            )}
            <ConfirmButton
              label="Reproduce"
              question="Make a new execution that runs this one again the same way (its configuration version, graph, profile snapshot and source metadata), and run it?"
              dismiss="Not now"
              action={async () => {
                const made = await call<{ uuid: string }>('POST', `/executions/${id}/reproduce`, {
                  execute: true,
                });
                go(['executions', made.uuid]);
              }}
            />
            {(e.state === 'failed' || e.state === 'cancelled') && (
              <ConfirmButton
                label="Retry"
                question="Retry this execution as a new attempt? An earlier attempt still on the backend is settled first."
                action={act('retry')}
              />
            )}
          </>
        )
      }
    >
      <Show loaded={status}>
        {(s) => (
          <>
            <dl class="facts">
              <dt>State</dt>
              <dd>
                <StateBadge state={s.state} /> <span class="muted">phase {s.phase}</span>
              </dd>
              <dt>Project</dt>
              <dd>
                {s.project_module} (configuration version {s.config_version})
              </dd>
              <dt>Profile</dt>
              <dd>{s.deployment_profile_name}</dd>
              <dt>Attempt</dt>
              <dd>{s.attempt}</dd>
              <dt>Run</dt>
              <dd>{runWords(s)}</dd>
              <dt>External id</dt>
              <dd>
                {s.scheduler_job_id ?? '—'}
                {mockRun(s) && s.scheduler_job_id && (
                  <span class="muted"> (mock backend: nothing to open)</span>
                )}
                {!mockRun(s) && safeUrl(s.dim_session_status_url) && (
                  <>
                    {' '}
                    <a href={safeUrl(s.dim_session_status_url)!} rel="noreferrer noopener" target="_blank">
                      DALiuGE session status
                    </a>
                  </>
                )}
                {s.batch_session_dir && <span class="muted"> · {s.batch_session_dir}</span>}
              </dd>
              <dt>Created</dt>
              <dd>
                <Time at={s.created_at} /> by {s.created_by}
              </dd>
              {reproduced(s) && (
                <>
                  <dt>Reproduces</dt>
                  <dd>
                    <a href={href(['executions', reproduced(s)!.execution_id])}>
                      {reproduced(s)!.execution_id.slice(0, 8)}
                    </a>{' '}
                    (attempt {reproduced(s)!.attempt}
                    {reproduced(s)!.with_current.length > 0 &&
                      `; today's ${reproduced(s)!.with_current.join(', ')}`}
                    )
                  </dd>
                </>
              )}
              <dt>Finished</dt>
              <dd>
                <Time at={s.finished_at} />
              </dd>
            </dl>
            {s.error && (
              <div class="error" role="status">
                <p>{s.error}</p>
              </div>
            )}
            {s.blocked_by.length > 0 && (
              <div class="warn">
                <p>Waiting for:</p>
                <ul>
                  {s.blocked_by.map((b) => (
                    <li key={b}>{b.startsWith(notAsked) ? 'not asked to run yet: press Execute' : b}</li>
                  ))}
                </ul>
              </div>
            )}
            <h2>Sources</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Ready</th>
                  <th scope="col">Blocked by</th>
                </tr>
              </thead>
              <tbody>
                {s.source_status.map((src) => (
                  <tr key={src.uuid}>
                    <td>{src.source_identifier}</td>
                    <td>{src.ready ? 'yes' : 'no'}</td>
                    <td>{src.blocked_by.join('; ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Show>
      <h2>Graph</h2>
      <Show loaded={status}>
        {(s) => <DropGraph id={id} attempt={s.attempt} state={s.state} runRecord={s.run_record} />}
      </Show>
      <h2>Steps</h2>
      <Show loaded={summary}>{(m) => <StepsBar m={m} />}</Show>
      <Show loaded={summary}>
        {(m) => (
          // Each step's time is the bar's (and its table's): only the whole is said again here.
          <dl class="facts" aria-label="Steps in all">
            <dt>Total</dt>
            <dd>{seconds(m.durations_seconds.total)}</dd>
            <dt>Remote state</dt>
            <dd>{m.remote_state ?? '—'}</dd>
            {m.failed_drops.length > 0 && (
              <>
                <dt>Failed drops</dt>
                <dd>{m.failed_drops.join(', ')}</dd>
              </>
            )}
          </dl>
        )}
      </Show>
      <h2>Usage</h2>
      <Show loaded={summary}>{(m) => <AttemptsUsage m={m} />}</Show>
      <h2>Timeline</h2>
      <Show loaded={events}>
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">No events.</p>
          ) : (
            <ol class="timeline">
              {[...p.items]
                .sort((a, b) => a.id - b.id)
                .map((ev) => (
                  <li key={ev.id}>
                    <Time at={ev.created_at} /> <strong>{ev.kind}</strong>
                    {ev.actor && <span class="muted"> by {ev.actor}</span>}
                    <div class="muted">{eventLine(ev.payload)}</div>
                  </li>
                ))}
            </ol>
          )
        }
      </Show>
      <Show loaded={events}>{(p) => <Reuse events={p.items} />}</Show>
      <h2>Artifacts</h2>
      <Show loaded={ledger}>{(l) => <Artifacts id={id} ledger={l} />}</Show>
      <p>
        <button
          type="button"
          onClick={() => void download(`/executions/${id}/provenance`, `provenance-${id}.json`)}
        >
          Provenance (W3C PROV-JSON)
        </button>
      </p>
      <Compare id={id} />
      <details>
        <summary>Ledger snapshot</summary>
        <Show loaded={ledger}>{(l) => <Json value={l} label="Ledger snapshot" />}</Show>
      </details>
    </Page>
  );
};
