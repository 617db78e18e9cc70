import type { ExecutionState } from '../../../core/domain/execution.js';
import { useState } from 'preact/hooks';
import { call, get, query } from '../api.js';
import { go, href, type Route } from '../router.js';
import { canIn, useMe } from '../session.js';
import { defaultProject, readableProfiles, readableProjects } from '../readable.js';
import type { ExecutionPage } from '../types.js';
import {
  Choice,
  ConfirmButton,
  durationText,
  ErrorNote,
  ExecutionLink,
  Field,
  Page,
  Pager,
  Show,
  StateBadge,
  Time,
  useLoad,
  useAction,
  usePager,
} from '../ui.js';

const pageSize = 50;

// The console imports no server code (it runs in the browser): the states are written here, and
// the type makes the compiler refuse a missing or unknown one.
const stateOrder: Record<ExecutionState, number> = {
  pending: 0,
  queued: 1,
  staging: 2,
  translating: 3,
  submitting: 4,
  running: 5,
  cancelling: 6,
  completed: 7,
  failed: 8,
  cancelled: 9,
};
const executionStates = (Object.keys(stateOrder) as ExecutionState[]).sort(
  (a, b) => stateOrder[a] - stateOrder[b],
);

/** How long an ended execution took from being asked to run (or made) to its end; null before its end. */
const took = (e: { execute_requested_at: string | null; created_at: string; finished_at: string | null }) =>
  e.finished_at === null
    ? null
    : Math.max(0, (Date.parse(e.finished_at) - Date.parse(e.execute_requested_at ?? e.created_at)) / 1000);

/** The project and profile choices of the filters (the first page of profiles is plenty to pick from). */
export const useChoices = () => {
  const me = useMe();
  const projects = useLoad(() => readableProjects(me), 'projects');
  const profiles = useLoad(() => readableProfiles(me), 'profiles');
  return { projects: projects.data?.items ?? [], profiles: profiles.data?.items ?? [] };
};

export const ExecutionsPage = ({ route }: { route: Route }) => {
  const me = useMe();
  const filter = {
    project_module: route.params.get('project') ?? defaultProject(me),
    state: route.params.get('state') ?? undefined,
    deployment_profile_name: route.params.get('profile') ?? undefined,
    source_id: route.params.get('source') ?? undefined,
  };
  const key = JSON.stringify(filter);
  const pager = usePager(key);
  const list = useLoad(
    () => get<ExecutionPage>(`/executions${query({ ...filter, limit: pageSize, cursor: pager.cursor })}`),
    `${key}:${pager.cursor ?? ''}`,
    5000,
  );
  const { projects, profiles } = useChoices();
  const canRun = canIn(me, 'operator', filter.project_module);
  const [bulkNote, setBulkNote] = useState<string | null>(null);
  // The ones shown, each retried (after an outage) or cancelled (an emergency stop) on its own; one
  // refused is named, the others go on (as `surveyor exec retry-failed` and `exec cancel-all`).
  const eachShown = async (ids: readonly string[], act: 'retry' | 'cancel') => {
    const refused: string[] = [];
    for (const id of ids)
      await call('POST', `/executions/${id}/${act}`).catch((e: unknown) =>
        refused.push(`${id.slice(0, 8)}: ${e instanceof Error ? e.message : String(e)}`),
      );
    const done = act === 'retry' ? 'retried' : 'cancelled';
    setBulkNote(
      `${ids.length - refused.length} of ${ids.length} ${done}${refused.length ? `; not ${done}: ${refused.join('; ')}` : ''}`,
    );
    list.reload();
  };
  const shown = list.data?.items.length ?? 0;
  // A source named by its identifier in the chosen project becomes the source filter (its id).
  const [sourceName, setSourceName] = useState('');
  const finding = useAction();
  const findSource = () =>
    finding.run(async () => {
      const name = sourceName.trim();
      const module = filter.project_module;
      if (!module || name === '') return;
      const page = await get<{ items: { uuid: string; source_identifier: string }[] }>(
        `/sources${query({ project_module: module, identifier_prefix: name, limit: 1 })}`,
      );
      const found = page.items[0];
      if (found?.source_identifier !== name) throw new Error(`no source ${name} in ${module}`);
      go(['executions'], {
        project: module,
        state: filter.state,
        profile: filter.deployment_profile_name,
        source: found.uuid,
      });
    });
  const cancellable =
    filter.state !== undefined &&
    ['pending', 'queued', 'staging', 'translating', 'submitting', 'running'].includes(filter.state);
  const set = (name: string, value: string) =>
    go(['executions'], {
      project: name === 'project' ? value : filter.project_module,
      state: name === 'state' ? value : filter.state,
      profile: name === 'profile' ? value : filter.deployment_profile_name,
      source: filter.source_id,
    });
  return (
    <Page
      title="Executions"
      actions={
        canRun && (
          <>
            {(filter.state === 'failed' || filter.state === 'cancelled') && shown > 0 && (
              <ConfirmButton
                label={`Retry these ${shown}`}
                question={`Run the ${shown} ${filter.state} executions shown again, each as a new attempt?`}
                dismiss="Not now"
                action={() =>
                  eachShown(
                    list.data!.items.map((e) => e.uuid),
                    'retry',
                  )
                }
              />
            )}
            {cancellable && shown > 0 && (
              <ConfirmButton
                label={`Cancel these ${shown}`}
                danger
                question={`Cancel the ${shown} ${filter.state} executions shown?${filter.state === 'running' ? ' Their jobs are cancelled on their backends.' : ''} Where a project's automation is on, its next tick makes new executions of their sources: turn it off in the configuration, or pause the profile, first.`}
                dismiss="Not now"
                action={() =>
                  eachShown(
                    list.data!.items.map((e) => e.uuid),
                    'cancel',
                  )
                }
              />
            )}
            <a class="button primary" href={href(['executions', 'new'])}>
              New execution
            </a>
          </>
        )
      }
    >
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <Choice
          label="Project"
          value={filter.project_module ?? ''}
          options={projects.map((p) => p.project_module)}
          onChange={(v) => set('project', v)}
          empty="All"
        />
        <Choice
          label="State"
          value={filter.state ?? ''}
          options={executionStates}
          onChange={(v) => set('state', v)}
          empty="All"
        />
        <Choice
          label="Profile"
          value={filter.deployment_profile_name ?? ''}
          options={profiles.map((p) => p.name)}
          onChange={(v) => set('profile', v)}
          empty="All"
        />
      </form>
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          void findSource();
        }}
      >
        <Field label="Source (its identifier; choose a project first)">
          <input
            value={sourceName}
            disabled={!filter.project_module}
            onInput={(e) => setSourceName(e.currentTarget.value)}
          />
        </Field>
        <button type="submit" disabled={!filter.project_module || sourceName.trim() === '' || finding.busy}>
          Only its executions
        </button>
      </form>
      <ErrorNote error={finding.error} />
      {bulkNote && (
        <p class="note" aria-live="polite">
          {bulkNote}
        </p>
      )}
      {filter.source_id && (
        <p class="note">
          Only the executions that run <a href={href(['sources', filter.source_id])}>this source</a>.{' '}
          <a
            href={href(['executions'], {
              project: filter.project_module,
              state: filter.state,
              profile: filter.deployment_profile_name,
            })}
          >
            Show every execution
          </a>
        </p>
      )}
      <Show loaded={list}>
        {(page) => (
          <>
            {page.items.length === 0 ? (
              <p class="muted">No executions match.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">Execution</th>
                    <th scope="col">Project</th>
                    <th scope="col">State</th>
                    <th scope="col">Sources</th>
                    <th scope="col">Profile</th>
                    <th scope="col">Attempt</th>
                    <th scope="col">Created</th>
                    <th scope="col">Ended</th>
                    <th scope="col">Took</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((e) => (
                    <tr key={e.uuid}>
                      <td>
                        <ExecutionLink e={e} />
                      </td>
                      <td>{e.project_module}</td>
                      <td>
                        <StateBadge state={e.state} />
                      </td>
                      <td>{e.sources.map((s) => s.source_identifier).join(', ')}</td>
                      <td>{e.deployment_profile_name}</td>
                      <td>{e.attempt}</td>
                      <td>
                        <Time at={e.created_at} />
                      </td>
                      <td>{e.finished_at ? <Time at={e.finished_at} /> : '—'}</td>
                      <td>{durationText(took(e))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <Pager pager={pager} nextCursor={page.next_cursor} />
          </>
        )}
      </Show>
    </Page>
  );
};
