import { useEffect, useState } from 'preact/hooks';
import { call, get, query } from '../api.js';
import { go } from '../router.js';
import type { Execution, SourcePage } from '../types.js';
import {
  Choice,
  ErrorNote,
  Field,
  Page,
  PauseWindow,
  useAction,
  Pager,
  Show,
  useLoad,
  usePager,
} from '../ui.js';
import { useChoices } from './Executions.js';

/**
 * One key per form: a second click, or a resend after a lost answer, gets the execution the first
 * one made instead of a second one. A new key only once the form has succeeded.
 */
const newKey = () => `console-${crypto.randomUUID()}`;

export const NewExecutionPage = () => {
  const { projects, profiles } = useChoices();
  const [project, setProject] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [profile, setProfile] = useState('');
  const [archive, setArchive] = useState('casda');
  // A real run unless asked otherwise: what "Create and run" says.
  const [dryRun, setDryRun] = useState(false);
  const [runNow, setRunNow] = useState(true);
  const [key, setKey] = useState(newKey);
  const { busy, error, run } = useAction();
  const pager = usePager(project);
  useEffect(() => {
    if (!project && projects[0]) setProject(projects[0].project_module);
  }, [projects, project]);
  useEffect(() => setChosen([]), [project]);
  const sources = useLoad(
    () =>
      project
        ? get<SourcePage>(`/sources${query({ project_module: project, limit: 100, cursor: pager.cursor })}`)
        : Promise.resolve({ items: [], next_cursor: null }),
    `${project}:${pager.cursor ?? ''}`,
  );
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = (ev: Event) => {
    ev.preventDefault();
    void run(async () => {
      const e = await call<Execution>(
        'POST',
        '/executions',
        {
          project_module: project,
          sources: chosen.map((source_identifier) => ({ source_identifier })),
          archive_name: archive,
          ...(profile ? { deployment_profile_name: profile } : {}),
        },
        { headers: { 'Idempotency-Key': key } },
      );
      if (runNow) await call('POST', `/executions/${e.uuid}/execute`, dryRun ? { do_submit: false } : {});
      setKey(newKey());
      go(['executions', e.uuid]);
    });
  };
  const profileChoices = profiles.filter((p) => p.project_module === null || p.project_module === project);
  // The profile the execution will run with, as the service picks it: the one named, else the
  // project's default, else the global default.
  const chosenProfile = profile
    ? (profileChoices.find((p) => p.name === profile && p.project_module === project) ??
      profileChoices.find((p) => p.name === profile))
    : (profileChoices.find((p) => p.is_default && p.project_module === project) ??
      profileChoices.find((p) => p.is_default && p.project_module === null));
  return (
    <Page title="New execution">
      <form class="form" onSubmit={submit}>
        <Choice
          label="Project"
          value={project}
          options={projects.map((p) => p.project_module)}
          onChange={setProject}
        />
        <fieldset>
          <legend>Sources ({chosen.length} chosen)</legend>
          <Show loaded={sources}>
            {(page) =>
              page.items.length === 0 ? (
                <p class="muted">This project has no sources yet.</p>
              ) : (
                <>
                  <ul class="checks">
                    {page.items.map((s) => (
                      <li key={s.uuid}>
                        <label>
                          <input
                            type="checkbox"
                            checked={chosen.includes(s.source_identifier)}
                            onChange={() => toggle(s.source_identifier)}
                          />{' '}
                          {s.source_identifier} <span class="muted">({s.discovery_state})</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  <Pager pager={pager} nextCursor={page.next_cursor} />
                </>
              )
            }
          </Show>
        </fieldset>
        <Choice
          label="Deployment profile"
          hint="Default: the project's default profile"
          value={profile}
          options={profileChoices.map(
            (p) =>
              [
                p.name,
                p.paused ? `${p.name} (${p.paused.holding ? 'paused' : 'pause ahead'})` : p.name,
              ] as const,
          )}
          onChange={setProfile}
          empty="Default"
        />
        {chosenProfile?.paused && (
          <div class="warn" role="status">
            <p>
              Profile {chosenProfile.name} is paused <PauseWindow p={chosenProfile.paused} /> (by{' '}
              {chosenProfile.paused.by}: {chosenProfile.paused.reason}). An execution that would submit while
              the pause holds waits; a dry run does not.
            </p>
          </div>
        )}
        <Field label="Archive">
          <input value={archive} onInput={(e) => setArchive(e.currentTarget.value)} required maxLength={63} />
        </Field>
        <label class="check">
          <input type="checkbox" checked={runNow} onChange={(e) => setRunNow(e.currentTarget.checked)} />{' '}
          Execute at once
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={dryRun}
            disabled={!runNow}
            onChange={(e) => setDryRun(e.currentTarget.checked)}
          />{' '}
          Dry run: stage the data, build the manifest and translate the graph, but submit nothing
        </label>
        <ErrorNote error={error} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy || chosen.length === 0}>
            {busy
              ? 'Creating…'
              : !runNow
                ? 'Create execution (not run yet)'
                : dryRun
                  ? 'Create and dry-run'
                  : 'Create and run'}
          </button>
        </div>
      </form>
    </Page>
  );
};
