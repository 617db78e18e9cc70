import { useEffect, useState } from 'preact/hooks';
import { call, get, query } from '../api.js';
import { href, type Route, go } from '../router.js';
import { canIn, useMe } from '../session.js';
import type { BulkResult, EventPage, ExecutionPage, SourcePage, SourceStatus } from '../types.js';
import {
  Choice,
  ErrorNote,
  ExecutionLink,
  Field,
  Page,
  Pager,
  Show,
  StateBadge,
  Time,
  useAction,
  useLoad,
  usePager,
} from '../ui.js';
import { useChoices } from './Executions.js';

/** One identifier per line (or separated by commas or spaces): what people paste from a table. */
export const identifiersIn = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

const Register = ({ project, done }: { project: string; done: () => void }) => {
  const [text, setText] = useState('');
  const { busy, error, run } = useAction();
  const [result, setResult] = useState<BulkResult | null>(null);
  const submit = (ev: Event) => {
    ev.preventDefault();
    void run(async () => {
      const ids = identifiersIn(text);
      const r = await call<BulkResult>('POST', '/sources/bulk', {
        project_module: project,
        sources: ids.map((source_identifier) => ({ source_identifier })),
      });
      setResult(r);
      setText('');
      done();
    });
  };
  return (
    <form class="form" onSubmit={submit}>
      <Field label="Register sources" hint="One or many identifiers, one per line (or separated by commas)">
        <textarea rows={4} value={text} onInput={(e) => setText(e.currentTarget.value)} required />
      </Field>
      <ErrorNote error={error} />
      {result && (
        <ul class="results" aria-live="polite">
          {result.items.map((i) => (
            <li key={i.source_identifier}>
              {i.source_identifier}: {i.status}
              {i.error ? ` (${i.error})` : ''}
            </li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || !project}>
          Register
        </button>
      </div>
    </form>
  );
};

/** How many of a source's executions its page shows (the rest are a link away). */
const recentRuns = 10;

const discoveryStates = ['never', 'queued', 'running', 'done', 'failed'] as const;
const yesNo = [
  ['true', 'yes'],
  ['false', 'no'],
] as const;

/** The list's filters, as the address keeps them (so a filtered list can be bookmarked and shared). */
const sourceFilter = (route: Route) => ({
  discovery_state: route.params.get('discovery') ?? undefined,
  enabled: route.params.get('enabled') ?? undefined,
  needs_processing: route.params.get('todo') ?? undefined,
  identifier_prefix: route.params.get('prefix') || undefined,
});

export const SourcesPage = ({ route }: { route: Route }) => {
  const { projects } = useChoices();
  const project = route.params.get('project') ?? projects[0]?.project_module ?? '';
  const filter = sourceFilter(route);
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const key = JSON.stringify([project, filter]);
  const pager = usePager(key);
  const list = useLoad(
    () =>
      project
        ? get<SourcePage>(
            `/sources${query({ project_module: project, ...filter, limit: 100, cursor: pager.cursor })}`,
          )
        : Promise.resolve({ items: [], next_cursor: null }),
    `${key}:${pager.cursor ?? ''}`,
    5000,
  );
  const set = (name: 'project' | 'discovery' | 'enabled' | 'todo' | 'prefix', value: string) =>
    go(['sources'], {
      project,
      discovery: filter.discovery_state,
      enabled: filter.enabled,
      todo: filter.needs_processing,
      prefix: filter.identifier_prefix,
      [name]: value || undefined,
    });
  const [prefix, setPrefix] = useState(filter.identifier_prefix ?? '');
  useEffect(() => setPrefix(filter.identifier_prefix ?? ''), [filter.identifier_prefix]);
  const canRun = canIn(useMe(), 'operator', project);
  const [chosen, setChosen] = useState<string[]>([]);
  const [discovery, setDiscovery] = useState<string | null>(null);
  const discovering = useAction();
  useEffect(() => setChosen([]), [project]);
  const discover = () =>
    discovering.run(async () => {
      const r = await call<{ queued: string[]; skipped: { source_identifier: string; reason: string }[] }>(
        'POST',
        '/sources/discover',
        { project_module: project, source_identifiers: chosen },
      );
      setDiscovery(
        `Discovery queued for ${r.queued.length}` +
          (r.skipped.length
            ? `; skipped: ${r.skipped.map((s) => `${s.source_identifier} (${s.reason})`).join(', ')}`
            : ''),
      );
      setChosen([]);
      list.reload();
    });
  return (
    <Page
      title="Sources"
      actions={
        canRun && (
          <button
            type="button"
            class="primary"
            disabled={chosen.length === 0 || discovering.busy}
            onClick={discover}
          >
            Discover {chosen.length > 0 ? `(${chosen.length})` : ''}
          </button>
        )
      }
    >
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          set('prefix', prefix.trim() === '' ? '' : prefix);
        }}
      >
        <Choice
          label="Project"
          value={project}
          options={projects.map((p) => p.project_module)}
          onChange={(v) => go(['sources'], { project: v })}
        />
        <Choice
          label="Discovery"
          value={filter.discovery_state ?? ''}
          options={discoveryStates}
          onChange={(v) => set('discovery', v)}
          empty="All"
        />
        <Choice
          label="Enabled"
          value={filter.enabled ?? ''}
          options={yesNo}
          onChange={(v) => set('enabled', v)}
          empty="All"
        />
        <Choice
          label="Needs processing"
          value={filter.needs_processing ?? ''}
          options={yesNo}
          onChange={(v) => set('todo', v)}
          empty="All"
        />
        <Field label="Identifier starts with" hint="Press Enter to apply; case as registered">
          <input
            type="search"
            value={prefix}
            maxLength={256}
            onInput={(e) => setPrefix(e.currentTarget.value)}
            onBlur={() => prefix !== (filter.identifier_prefix ?? '') && set('prefix', prefix)}
          />
        </Field>
      </form>
      <ErrorNote error={discovering.error} />
      {discovery && (
        <p class="note" aria-live="polite">
          {discovery}
        </p>
      )}
      <Show loaded={list}>
        {(page) => (
          <>
            {page.items.length === 0 ? (
              <p class="muted">{filtered ? 'No sources match.' : 'No sources in this project yet.'}</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    {canRun && (
                      <th scope="col">
                        <span class="visually-hidden">Choose</span>
                      </th>
                    )}
                    <th scope="col">Source</th>
                    <th scope="col">Discovery</th>
                    <th scope="col">Discovered</th>
                    <th scope="col">Needs processing</th>
                    <th scope="col">Enabled</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((s) => (
                    <tr key={s.uuid}>
                      {canRun && (
                        <td>
                          <input
                            type="checkbox"
                            aria-label={`Choose ${s.source_identifier}`}
                            checked={chosen.includes(s.source_identifier)}
                            onChange={() =>
                              setChosen((c) =>
                                c.includes(s.source_identifier)
                                  ? c.filter((x) => x !== s.source_identifier)
                                  : [...c, s.source_identifier],
                              )
                            }
                          />
                        </td>
                      )}
                      <td>
                        <a href={href(['sources', s.uuid])}>{s.source_identifier}</a>
                      </td>
                      <td>
                        <StateBadge state={s.discovery_state} />
                      </td>
                      <td>
                        <Time at={s.discovered_at} />
                      </td>
                      <td>{s.needs_processing ? 'yes' : 'no'}</td>
                      <td>{s.enabled ? 'yes' : 'no'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <Pager pager={pager} nextCursor={page.next_cursor} />
          </>
        )}
      </Show>
      {canRun && project && <Register project={project} done={list.reload} />}
    </Page>
  );
};

export const SourceDetailPage = ({ id }: { id: string }) => {
  const status = useLoad(() => get<SourceStatus>(`/sources/${id}/status`), id, 5000);
  const events = useLoad(() => get<EventPage>(`/sources/${id}/events?limit=200`), id, 5000);
  // Named with its project: an account with no role of its own reads executions of its projects only.
  const project = status.data?.project_module;
  const runs = useLoad(
    () =>
      project === undefined
        ? Promise.resolve({ items: [], next_cursor: null })
        : get<ExecutionPage>(
            `/executions${query({ source_id: id, project_module: project, limit: recentRuns })}`,
          ),
    `${id}:${project ?? ''}`,
    5000,
  );
  return (
    <Page title={`Source ${status.data?.source_identifier ?? ''}`}>
      <Show loaded={status}>
        {(s) => (
          <>
            <dl class="facts">
              <dt>Project</dt>
              <dd>{s.project_module}</dd>
              <dt>Ready</dt>
              <dd>{s.ready ? 'yes' : 'no'}</dd>
              <dt>Discovery</dt>
              <dd>
                <StateBadge state={s.discovery_state} /> <Time at={s.discovered_at} />
              </dd>
              <dt>Configuration version</dt>
              <dd>{s.config_version ?? '—'}</dd>
              <dt>Signature</dt>
              <dd>
                <code>{s.signature ?? '—'}</code>
              </dd>
            </dl>
            {s.discovery_error && (
              <div class="error" role="status">
                <p>{s.discovery_error}</p>
              </div>
            )}
            {s.blocked_by.length > 0 && (
              <div class="warn">
                <p>Not ready because:</p>
                <ul>
                  {s.blocked_by.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </div>
            )}
            {s.automation && s.automation.hold !== 'trying' && (
              <div class="warn" role="status">
                <p>
                  {s.automation.hold === 'held' ? (
                    <>
                      Automation stopped trying this source after {s.automation.failed_runs} failed run
                      {s.automation.failed_runs === 1 ? '' : 's'} (the last:{' '}
                      <ExecutionLink e={{ uuid: s.automation.last_failed_execution }} />
                      ). It tries again when discovery finds new data or a new configuration version is
                      active; retrying a failed run runs it by hand.
                    </>
                  ) : (
                    <>
                      Automation runs this source again at <Time at={s.automation.retry_at} />, after{' '}
                      {s.automation.failed_runs} of {s.automation.max_failed_runs} failed runs (the last:{' '}
                      <ExecutionLink e={{ uuid: s.automation.last_failed_execution }} />
                      ).
                    </>
                  )}
                </p>
              </div>
            )}
          </>
        )}
      </Show>
      <h2>Executions</h2>
      <Show loaded={runs}>
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">No execution has run this source.</p>
          ) : (
            <>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Execution</th>
                    <th scope="col">State</th>
                    <th scope="col">Attempt</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {p.items.map((e) => (
                    <tr key={e.uuid}>
                      <td>
                        <ExecutionLink e={e} />
                      </td>
                      <td>
                        <StateBadge state={e.state} />
                      </td>
                      <td>{e.attempt}</td>
                      <td>
                        <Time at={e.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {p.next_cursor && (
                <p>
                  <a href={href(['executions'], { source: id })}>Every execution of this source</a>
                </p>
              )}
            </>
          )
        }
      </Show>
      <h2>Events</h2>
      <Show loaded={events}>
        {(p) => (
          <ol class="timeline">
            {p.items.map((ev) => (
              <li key={ev.id}>
                <Time at={ev.created_at} /> <strong>{ev.kind}</strong>
                {ev.actor && <span class="muted"> by {ev.actor}</span>}
              </li>
            ))}
          </ol>
        )}
      </Show>
    </Page>
  );
};
