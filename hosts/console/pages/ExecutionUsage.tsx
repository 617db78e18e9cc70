import { StepBar } from '../charts.js';
import type { ExecutionSummary } from '../types.js';

const hours = (h: number | null) => (h === null ? '—' : h.toFixed(4));
const bytes = (b: number | null) =>
  b === null
    ? '—'
    : b >= 1024 ** 3
      ? `${(b / 1024 ** 3).toFixed(2)} GiB`
      : `${(b / 1024 ** 2).toFixed(1)} MiB`;
const sources = { sacct: 'sacct', session: 'DALiuGE session', estimate: 'estimate' } as const;

/** An execution's steps as one bar (the wait before it ran, staging, translation, submission, the cluster's queue, the run). */
export const StepsBar = ({ m }: { m: ExecutionSummary }) => {
  const d = m.durations_seconds;
  const run = d.poll === null ? null : Math.max(0, d.poll - (d.remote_queue ?? 0));
  return (
    <StepBar
      label="Where the time went"
      steps={[
        { key: 'waiting', label: 'Queue wait', seconds: d.waiting },
        { key: 'stage', label: 'Staging', seconds: d.stage },
        { key: 'translate', label: 'Translation', seconds: d.translate },
        { key: 'submit', label: 'Submission', seconds: d.submit },
        { key: 'remote_queue', label: 'Remote queue', seconds: d.remote_queue },
        { key: 'run', label: 'Run', seconds: run },
      ]}
    />
  );
};

/** What each attempt used on its backend, and the total. */
export const AttemptsUsage = ({ m }: { m: ExecutionSummary }) =>
  m.usage.attempts.length === 0 ? (
    <p class="muted">No attempt has ended on a backend yet.</p>
  ) : (
    <table>
      <thead>
        <tr>
          <th scope="col">Attempt</th>
          <th scope="col">Outcome</th>
          <th scope="col">From</th>
          <th scope="col">Job</th>
          <th scope="col">Queue</th>
          <th scope="col">Run</th>
          <th scope="col">Nodes</th>
          <th scope="col">CPUs</th>
          <th scope="col">Node-hours</th>
          <th scope="col">CPU-hours</th>
          <th scope="col">Max RSS</th>
          <th scope="col">Exit</th>
        </tr>
      </thead>
      <tbody>
        {m.usage.attempts.map((u) => (
          <tr key={u.attempt}>
            <td>{u.attempt}</td>
            <td>
              <span class={`badge s-${u.outcome}`}>{u.outcome}</span>
            </td>
            <td>{sources[u.source]}</td>
            <td>{u.job_id ?? '—'}</td>
            <td>{u.queue_seconds} s</td>
            <td>{u.run_seconds} s</td>
            <td>{u.nodes}</td>
            <td>{u.cpus ?? '—'}</td>
            <td>{hours(u.node_hours)}</td>
            <td>{hours(u.cpu_hours)}</td>
            <td>{bytes(u.max_rss_bytes)}</td>
            <td>{u.exit_code ?? u.remote_state}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colspan={4}>
            Total
          </th>
          <td>{m.usage.total.queue_seconds} s</td>
          <td>{m.usage.total.run_seconds} s</td>
          <td colspan={2} />
          <td>{hours(m.usage.total.node_hours)}</td>
          <td>{hours(m.usage.total.cpu_hours)}</td>
          <td colspan={2} />
        </tr>
      </tfoot>
    </table>
  );
