import { diffLines } from 'diff';
import { useState } from 'preact/hooks';
import { ApiError, call, get } from '../api.js';
import { go, href, type Route } from '../router.js';
import { useCan, useMe } from '../session.js';
import { readableProjects } from '../readable.js';
import type { ConfigVersion, ConfigVersionList, ProjectAutomation } from '../types.js';
import { ErrorNote, ExecutionLink, Field, Page, Scroll, Show, Time, useAction, useLoad } from '../ui.js';

interface Issue {
  line?: number;
  column?: number;
  path?: string;
  message?: string;
}

/** The uploaded text with line numbers, the lines the validator names marked, each issue under its line. */
const Annotated = ({ text, issues }: { text: string; issues: Issue[] }) => {
  const byLine = new Map<number, Issue[]>();
  for (const i of issues) if (i.line !== undefined) byLine.set(i.line, [...(byLine.get(i.line) ?? []), i]);
  if (byLine.size === 0) return null;
  return (
    <Scroll label="The uploaded YAML with its problems">
      <ol class="annotated">
        {text.split('\n').map((line, n) => {
          const here = byLine.get(n + 1);
          return (
            <li key={n} class={here ? 'bad' : ''}>
              <code>{line || ' '}</code>
              {here?.map((i, k) => (
                <div key={k} class="issue">
                  line {i.line}, column {i.column}: {i.path} {i.message}
                </div>
              ))}
            </li>
          );
        })}
      </ol>
    </Scroll>
  );
};

const Upload = ({ done }: { done: (module: string) => void }) => {
  const [text, setText] = useState('');
  const [sent, setSent] = useState('');
  const { busy, error, run } = useAction();
  const [note, setNote] = useState('');
  const submit = (ev: Event) => {
    ev.preventDefault();
    setNote('');
    setSent(text);
    void run(async () => {
      const v = await call<ConfigVersion>('POST', '/project-configs', text, { yaml: true });
      setNote(`Stored: ${v.project_module} version ${v.version}`);
      done(v.project_module);
    });
  };
  const issues = error instanceof ApiError ? ((error.details['issues'] as Issue[] | undefined) ?? []) : [];
  return (
    <form class="form" onSubmit={submit}>
      <Field
        label="Upload a configuration (YAML)"
        hint="A new version that becomes active; the same content changes nothing"
      >
        <textarea
          class="code"
          rows={14}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          required
          spellcheck={false}
        />
      </Field>
      <Field label="Or read a file">
        <input
          type="file"
          accept=".yaml,.yml,text/yaml"
          onChange={async (e) => {
            const f = e.currentTarget.files?.[0];
            if (f) setText(await f.text());
          }}
        />
      </Field>
      <ErrorNote error={error} />
      <Annotated text={sent} issues={issues} />
      {note && (
        <p class="note" aria-live="polite">
          {note}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Upload
        </button>
      </div>
    </form>
  );
};

const Diff = ({ module, from, to }: { module: string; from: number; to: number }) => {
  const both = useLoad(
    () =>
      Promise.all([
        get<ConfigVersion>(`/project-configs/${module}/versions/${from}`),
        get<ConfigVersion>(`/project-configs/${module}/versions/${to}`),
      ]),
    `${module}:${from}:${to}`,
  );
  return (
    <Show loaded={both}>
      {([a, b]) => (
        <Scroll label={`Changes from version ${from} to version ${to}`}>
          <pre class="diff">
            {diffLines(a.yaml, b.yaml).map((part, n) => (
              <span key={n} class={part.added ? 'add' : part.removed ? 'del' : ''}>
                {part.value
                  .replace(/\n$/, '')
                  .split('\n')
                  .map((l) => `${part.added ? '+ ' : part.removed ? '- ' : '  '}${l}\n`)
                  .join('')}
              </span>
            ))}
          </pre>
        </Scroll>
      )}
    </Show>
  );
};

/** The sources the project's automation stopped trying or waits on after failed runs. */
const AutomationHolds = ({ module }: { module: string }) => {
  const standing = useLoad(() => get<ProjectAutomation>(`/projects/${module}/automation`), module, 15000);
  return (
    <Show loaded={standing}>
      {(a) => (
        <section aria-label="Automation">
          <h2>Automation</h2>
          {a.blocked !== null && (
            <p class="warn" role="status">
              On, but blocked: automation makes no execution until this is fixed: {a.blocked}
            </p>
          )}
          <p>
            {a.blocked !== null ? 'Blocked' : a.enabled ? 'On' : 'Off'} (configuration v{a.config_version}):
            after a failed run of a source it waits {a.retry_wait_minutes} min, twice as long after each, and
            stops after {a.max_failed_runs}. {a.held} stopped, {a.waiting} waiting.
          </p>
          {a.sources.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Hold</th>
                  <th scope="col">Failed runs</th>
                  <th scope="col">Last run</th>
                  <th scope="col">Tried again</th>
                </tr>
              </thead>
              <tbody>
                {a.sources.map((x) => (
                  <tr key={x.source_uuid}>
                    <td>
                      <a href={href(['sources', x.source_uuid])}>{x.source_identifier}</a>
                    </td>
                    <td>{x.hold === 'held' ? 'stopped' : 'waiting'}</td>
                    <td>
                      {x.failed_runs} of {a.max_failed_runs}
                    </td>
                    <td>
                      <ExecutionLink e={{ uuid: x.last_failed_execution }} />
                    </td>
                    <td>{x.retry_at ? <Time at={x.retry_at} /> : 'on new data or a new version'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </Show>
  );
};

export const ProjectsPage = ({ route }: { route: Route }) => {
  const me = useMe();
  const projects = useLoad(() => readableProjects(me), 'projects');
  const chosen = route.params.get('project') ?? projects.data?.items[0]?.project_module ?? '';
  const versions = useLoad(
    () =>
      chosen
        ? get<ConfigVersionList>(`/project-configs/${chosen}/versions?limit=100`)
        : Promise.resolve({ items: [], next_cursor: null }),
    chosen,
  );
  const shown = Number(route.params.get('version') ?? 0) || versions.data?.items[0]?.version || 0;
  const against = Number(route.params.get('against') ?? 0);
  const version = useLoad(
    () =>
      chosen && shown
        ? get<ConfigVersion>(`/project-configs/${chosen}/versions/${shown}`)
        : Promise.resolve(null),
    `${chosen}:${shown}`,
  );
  const canUpload = useCan('operator');
  return (
    <Page title="Project configurations">
      <Show loaded={projects}>
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">No project has a configuration yet.</p>
          ) : (
            <nav class="tabs" aria-label="Projects">
              {p.items.map((x) => (
                <a
                  key={x.project_module}
                  href={href(['projects'], { project: x.project_module })}
                  aria-current={x.project_module === chosen ? 'page' : undefined}
                >
                  {x.project_module} <span class="muted">v{x.version}</span>
                </a>
              ))}
            </nav>
          )
        }
      </Show>
      {chosen && (
        <div class="columns">
          <div>
            <h2>Versions</h2>
            <Show loaded={versions}>
              {(vs) => (
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Version</th>
                      <th scope="col">Uploaded</th>
                      <th scope="col">By</th>
                      <th scope="col">Compare</th>
                    </tr>
                  </thead>
                  <tbody>
                    {vs.items.map((v) => (
                      <tr key={v.version} class={v.version === shown ? 'current' : ''}>
                        <td>
                          <a href={href(['projects'], { project: chosen, version: String(v.version) })}>
                            v{v.version}
                          </a>
                          {v.active && <span class="tag">active</span>}
                        </td>
                        <td>
                          <Time at={v.created_at} />
                        </td>
                        <td>{v.created_by}</td>
                        <td>
                          {v.version !== shown && (
                            <a
                              href={href(['projects'], {
                                project: chosen,
                                version: String(shown),
                                against: String(v.version),
                              })}
                            >
                              diff with v{shown}
                            </a>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Show>
          </div>
          <div>
            {against ? (
              <>
                <h2>
                  Changes from v{Math.min(against, shown)} to v{Math.max(against, shown)}{' '}
                  <a href={href(['projects'], { project: chosen, version: String(shown) })}>close</a>
                </h2>
                <Diff module={chosen} from={Math.min(against, shown)} to={Math.max(against, shown)} />
              </>
            ) : (
              <>
                <h2>Version {shown || ''}</h2>
                <Show loaded={version}>
                  {(v) =>
                    v && (
                      <Scroll label={`Version ${v.version}`}>
                        <pre class="yaml">{v.yaml}</pre>
                      </Scroll>
                    )
                  }
                </Show>
              </>
            )}
          </div>
        </div>
      )}
      {chosen && <AutomationHolds module={chosen} />}
      {canUpload && (
        <Upload
          done={(m) => {
            projects.reload();
            versions.reload();
            version.reload();
            go(['projects'], { project: m });
          }}
        />
      )}
    </Page>
  );
};
