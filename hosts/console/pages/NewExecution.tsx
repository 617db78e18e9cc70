import { useEffect, useState } from 'preact/hooks';
import { call, get, query } from '../api.js';
import { go } from '../router.js';
import type { ConfigVersion, Execution, SourcePage } from '../types.js';
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
  // The sources one execution of the project may hold (its configuration says): past it, one
  // execution per source is made, as `surveyor exec create --each` does.
  const active = useLoad(
    () =>
      project ? get<ConfigVersion>(`/project-configs/${encodeURIComponent(project)}`) : Promise.resolve(null),
    `active:${project}`,
  );
  const cap =
    (
      active.data?.config as
        | { automation?: { execution?: { max_sources_per_execution?: number } } }
        | undefined
    )?.automation?.execution?.max_sources_per_execution ?? 1000;
  const [eachWanted, setEachWanted] = useState(false);
  const each = chosen.length > cap || (eachWanted && chosen.length > 1);
  const [made, setMade] = useState<string | null>(null);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  /** One execution of `names`, asked to run when the form says so; the key names it for a resend. */
  const make = async (names: readonly string[], idempotencyKey: string) => {
    const e = await call<Execution>(
      'POST',
      '/executions',
      {
        project_module: project,
        sources: names.map((source_identifier) => ({ source_identifier })),
        archive_name: archive,
        ...(profile ? { deployment_profile_name: profile } : {}),
      },
      { headers: { 'Idempotency-Key': idempotencyKey } },
    );
    if (runNow) await call('POST', `/executions/${e.uuid}/execute`, dryRun ? { do_submit: false } : {});
    return e;
  };
  const submit = (ev: Event) => {
    ev.preventDefault();
    setMade(null);
    void run(async () => {
      if (!each) {
        const e = await make(chosen, key);
        setKey(newKey());
        go(['executions', e.uuid]);
        return;
      }
      // One per source, each on its own: one refused is named, the others are made.
      const refused: string[] = [];
      for (const name of chosen)
        await make([name], `${key}:${name}`).catch((e: unknown) =>
          refused.push(`${name}: ${e instanceof Error ? e.message : String(e)}`),
        );
      setKey(newKey());
      if (refused.length === 0) {
        go(['executions'], { project });
        return;
      }
      setMade(
        `${chosen.length - refused.length} of ${chosen.length} executions made; not made: ${refused.join('; ')}`,
      );
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
        {chosen.length > cap ? (
          <p class="note" role="status">
            {project} takes at most {cap} source{cap === 1 ? '' : 's'} per execution
            (automation.execution.max_sources_per_execution): {chosen.length} executions will be made, one per
            source.
          </p>
        ) : (
          chosen.length > 1 && (
            <label class="check">
              <input
                type="checkbox"
                checked={eachWanted}
                onChange={(e) => setEachWanted(e.currentTarget.checked)}
              />{' '}
              One execution per source
            </label>
          )
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
        {made && (
          <p class="note" role="status">
            {made}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy || chosen.length === 0}>
            {busy
              ? 'Creating…'
              : each
                ? `Create ${chosen.length} executions${!runNow ? ' (not run yet)' : dryRun ? ' and dry-run them' : ' and run them'}`
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
