import { get, getAnyStatus } from '../api.js';
import { href } from '../router.js';
import { useMe } from '../session.js';
import type { Overview } from '../types.js';
import { StackedBars } from '../charts.js';
import { Checks, ExecutionLink, Page, PauseWindow, Show, StateBadge, Time, useLoad } from '../ui.js';

interface Readiness {
  status: string;
  failing: string[];
  checks: Record<string, { ok: boolean; detail: string }>;
}

/** /ready answers 503 with the same body when something is down: read it either way, signed in (its details). */
const readiness = (): Promise<Readiness> => getAnyStatus<Readiness>('/ready');

const age = (seconds: number) =>
  seconds < 90
    ? `${Math.round(seconds)} s`
    : seconds < 5400
      ? `${Math.round(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;

/** An account with no role of its own reads only its projects: those, with where to read them. */
const OwnProjects = () => {
  const me = useMe();
  const modules = Object.keys(me.project_roles).sort();
  return (
    <Page title="Overview">
      <p>Your account reads only the projects it holds a role for.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">Your role</th>
            <th scope="col">Read</th>
          </tr>
        </thead>
        <tbody>
          {modules.map((m) => (
            <tr key={m}>
              <td>{m}</td>
              <td>{me.project_roles[m]}</td>
              <td>
                <a href={href(['executions'], { project: m })}>executions</a> ·{' '}
                <a href={href(['sources'], { project: m })}>sources</a> ·{' '}
                <a href={href(['projects'], { project: m })}>configuration</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
};

export const OverviewPage = () => (useMe().role === 'none' ? <OwnProjects /> : <EveryProject />);

const EveryProject = () => {
  const overview = useLoad(() => get<Overview>('/overview'), 'overview', 5000);
  const ready = useLoad(readiness, 'ready', 10_000);
  return (
    <Page title="Overview">
      <Show loaded={overview}>
        {(o) => (
          <>
            {o.paused_profiles.length > 0 && (
              <div class="warn" role="status">
                <p>Paused profiles: the executions that would submit with them wait.</p>
                <ul>
                  {o.paused_profiles.map((p) => (
                    <li key={p.id}>
                      <a href={href(['profiles', p.id])}>{p.name}</a> ({p.project_module ?? 'every project'})
                      <PauseWindow p={p} />, by {p.by}: {p.reason}.{' '}
                      {p.holding
                        ? `${p.waiting} ${p.waiting === 1 ? 'execution waits' : 'executions wait'}.`
                        : 'It holds nothing yet.'}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {o.blocked_automation.length > 0 && (
              <div class="warn" role="status">
                <p>Automation is on but makes no execution in:</p>
                <ul>
                  {o.blocked_automation.map((b) => (
                    <li key={b.project_module}>
                      <a href={href(['projects'], { project: b.project_module })}>{b.project_module}</a>{' '}
                      (configuration v{b.config_version}): {b.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <h2>Executions by state</h2>
            <ul class="tiles">
              {Object.entries(o.executions_by_state).map(([state, n]) => (
                <li key={state}>
                  <a href={href(['executions'], { state })}>
                    <strong>{n}</strong> <StateBadge state={state} />
                  </a>
                </li>
              ))}
            </ul>
            <h2>Executions ended per hour (last day, UTC)</h2>
            <StackedBars
              label="Executions ended by hour"
              unit="executions"
              series={[
                { key: 'completed', label: 'Completed' },
                { key: 'failed', label: 'Failed' },
                { key: 'cancelled', label: 'Cancelled' },
              ]}
              rows={o.ended_by_hour.map((h) => ({
                key: h.hour,
                label: `${h.hour.slice(11, 13)}h`,
                values: { completed: h.completed, failed: h.failed, cancelled: h.cancelled },
              }))}
            />
            <div class="columns">
              <div>
                <h2>Job queue</h2>
                <dl class="facts">
                  <dt>Queued</dt>
                  <dd>{o.queue.queued}</dd>
                  <dt>Running</dt>
                  <dd>{o.queue.running}</dd>
                  <dt>Dead</dt>
                  <dd>{o.queue.dead}</dd>
                  <dt>Oldest queued job</dt>
                  <dd>{o.queue.queued > 0 ? age(o.queue.oldest_queued_age_seconds) : '—'}</dd>
                </dl>
              </div>
              <div>
                <h2>Live workers</h2>
                {o.workers.length === 0 ? (
                  <p class="warn">
                    No worker has sent a heartbeat recently: nothing will run. Start one with surveyor worker.
                  </p>
                ) : (
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Host</th>
                        <th scope="col">PID</th>
                        <th scope="col">Roles</th>
                        <th scope="col">Last heartbeat</th>
                      </tr>
                    </thead>
                    <tbody>
                      {o.workers.map((w) => (
                        <tr key={w.id}>
                          <td>{w.hostname}</td>
                          <td>{w.pid}</td>
                          <td>{w.roles.join(', ')}</td>
                          <td>
                            <Time at={w.heartbeat_at} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            </div>
            <h2>Recent failures</h2>
            {o.recent_failures.length === 0 ? (
              <p class="muted">No failed executions.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">Execution</th>
                    <th scope="col">Project</th>
                    <th scope="col">Finished</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {o.recent_failures.map((e) => (
                    <tr key={e.uuid}>
                      <td>
                        <ExecutionLink e={e} />
                      </td>
                      <td>{e.project_module}</td>
                      <td>
                        <Time at={e.finished_at} />
                      </td>
                      <td class="reason">{e.error ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Show>
      <h2>Dependencies</h2>
      <Show loaded={ready}>
        {(r) => (
          <Checks
            label="Dependencies"
            first="Dependency"
            checks={Object.entries(r.checks).map(([name, c]) => ({ name, ok: c.ok, detail: c.detail }))}
          />
        )}
      </Show>
    </Page>
  );
};
