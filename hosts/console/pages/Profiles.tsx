import { useState } from 'preact/hooks';
import { call, get } from '../api.js';
import { go, href } from '../router.js';
import { canIn, useMe } from '../session.js';
import type { Ping, Profile, ProfilePage } from '../types.js';
import {
  Checks,
  CodeArea,
  ConfirmButton,
  ErrorNote,
  Field,
  Json,
  jsonBody,
  Page,
  PauseWindow,
  Show,
  Time,
  useAction,
  useLoad,
} from '../ui.js';

/** Starting points for a new profile, one per backend kind (the API fills in every default). */
const templates: Record<string, unknown> = {
  rest_remote: {
    name: 'dim-example',
    description: 'DALiuGE island manager',
    project_module: null,
    is_default: false,
    translation: { algo: 'metis', num_par: 1 },
    deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org', deploy_port: 8001 },
  },
  batch_remote: {
    name: 'slurm-example',
    description: 'Slurm cluster over SSH',
    project_module: null,
    is_default: false,
    translation: { algo: 'metis', num_par: 1 },
    deployment: {
      kind: 'batch_remote',
      login_node: 'login.example.org',
      account: 'project123',
      home_dir: '/scratch/project123',
      log_dir: '/scratch/project123/logs',
      dlg_root: '/software/dlg',
    },
  },
};

/** What a client may send back: the profile without the fields the service owns. */
const editable = (p: Profile) => ({
  name: p.name,
  description: p.description,
  project_module: p.project_module,
  is_default: p.is_default,
  translation: p.translation,
  deployment: p.deployment,
});

/** Create (no `profile`) or replace a profile as JSON; the API's validation issues show inline. */
const Editor = ({ profile, done }: { profile?: Profile; done: (p: Profile) => void }) => {
  const [text, setText] = useState(
    JSON.stringify(profile ? editable(profile) : templates['rest_remote'], null, 2),
  );
  const { busy, error, run } = useAction();
  const submit = (ev: Event) => {
    ev.preventDefault();
    void run(async () => {
      done(
        await call<Profile>(
          profile ? 'PUT' : 'POST',
          profile ? `/deployment-profiles/${profile.id}` : '/deployment-profiles',
          jsonBody(text),
        ),
      );
    });
  };
  return (
    <form class="form" onSubmit={submit}>
      {!profile && (
        <Field label="Start from">
          <select onChange={(e) => setText(JSON.stringify(templates[e.currentTarget.value], null, 2))}>
            <option value="rest_remote">DALiuGE island manager (rest_remote)</option>
            <option value="batch_remote">Slurm over SSH (batch_remote)</option>
          </select>
        </Field>
      )}
      <CodeArea
        label={profile ? `Profile ${profile.name} (JSON)` : 'New profile (JSON)'}
        rows={16}
        value={text}
        onInput={setText}
      />
      <ErrorNote error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {profile ? 'Save' : 'Create profile'}
        </button>
      </div>
    </form>
  );
};

/** A datetime-local input's value (the browser's time zone) as an instant, or null when empty. */
const instant = (local: string) => (local === '' ? null : new Date(local).toISOString());
/** An instant as a datetime-local input's value, in the browser's time zone. */
const localInput = (at: string | null) => {
  if (at === null) return '';
  const d = new Date(at);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

interface PauseWindowView {
  readonly reason: string;
  readonly from: string;
  readonly until: string | null;
  readonly holding: boolean;
}

/**
 * Asks why and when, then pauses the profile (its reason is what every held execution shows).
 * Given the pause it has, it changes that one in one step (`replace`), nothing admitted between.
 */
const PauseForm = ({ id, now, done }: { id: string; now: PauseWindowView | null; done: () => void }) => {
  const [reason, setReason] = useState(now?.reason ?? '');
  const [from, setFrom] = useState(now && !now.holding ? localInput(now.from) : '');
  const [until, setUntil] = useState(localInput(now?.until ?? null));
  const { busy, error, run } = useAction();
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await call('POST', `/deployment-profiles/${id}/pause`, {
            reason,
            from: instant(from),
            until: instant(until),
            replace: now !== null,
          });
          done();
        });
      }}
    >
      <Field
        label="Why pause it"
        hint="Every execution it holds shows this. Runs already on the backend go on."
      >
        <input value={reason} maxLength={500} required onInput={(e) => setReason(e.currentTarget.value)} />
      </Field>
      <Field label="From" hint="Empty: now. Your browser's time zone.">
        <input type="datetime-local" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
      </Field>
      <Field label="Until" hint="Empty: until resumed. It ends by itself at this time.">
        <input type="datetime-local" value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
      </Field>
      <ErrorNote error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || reason.trim() === ''}>
          {now ? 'Change pause' : 'Pause profile'}
        </button>
      </div>
    </form>
  );
};

export const ProfileDetailPage = ({ id }: { id: string }) => {
  const profile = useLoad(() => get<Profile>(`/deployment-profiles/${id}`), id);
  const [editing, setEditing] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [ping, setPing] = useState<Ping | null>(null);
  // An operator of the profile's project may edit it (a global profile: an operator everywhere).
  const canEdit = canIn(useMe(), 'operator', profile.data?.project_module);
  return (
    <Page
      title={`Profile ${profile.data?.name ?? ''}`}
      actions={
        canEdit &&
        profile.data && (
          <>
            <button type="button" onClick={() => setEditing((x) => !x)}>
              {editing ? 'Stop editing' : 'Edit'}
            </button>
            {profile.data.paused && (
              <button type="button" onClick={() => setPausing((x) => !x)}>
                {pausing ? 'Do not change' : 'Change pause'}
              </button>
            )}
            {profile.data.paused ? (
              <ConfirmButton
                label="Resume"
                question="Resume this profile? The executions it holds go to its backend, under the usual caps."
                dismiss="Not now"
                action={async () => {
                  await call('POST', `/deployment-profiles/${id}/resume`);
                  setPausing(false);
                  profile.reload();
                }}
              />
            ) : (
              <button type="button" onClick={() => setPausing((x) => !x)}>
                {pausing ? 'Do not pause' : 'Pause'}
              </button>
            )}
            <ConfirmButton
              label="Ping"
              question="Check the backend now (DNS, TCP, the service's answer)?"
              action={async () => setPing(await call<Ping>('POST', `/deployment-profiles/${id}/ping`))}
            />
            <ConfirmButton
              label="Delete"
              danger
              question="Delete this profile? Executions keep their snapshot of it."
              action={async () => {
                await call('DELETE', `/deployment-profiles/${id}`);
                go(['profiles']);
              }}
            />
          </>
        )
      }
    >
      {ping && <Checks label="Ping result" first="Check" checks={ping.checks} />}
      {pausing && profile.data && (
        <PauseForm
          id={id}
          now={profile.data.paused}
          done={() => {
            setPausing(false);
            profile.reload();
          }}
        />
      )}
      <Show loaded={profile}>
        {(p) =>
          editing ? (
            <Editor
              profile={p}
              done={() => {
                setEditing(false);
                profile.reload();
              }}
            />
          ) : (
            <>
              {p.paused && (
                <div class="warn" role="status">
                  <p>
                    Paused <PauseWindow p={p.paused} /> by {p.paused.by}: {p.paused.reason}. Executions that
                    would submit with it {p.paused.holding ? 'wait' : 'will wait'} until{' '}
                    {p.paused.until === null ? 'it is resumed' : 'then, or until it is resumed'}.
                    {p.paused.holding &&
                      ` ${p.paused.waiting} ${p.paused.waiting === 1 ? 'execution waits' : 'executions wait'} now.`}
                  </p>
                </div>
              )}
              <dl class="facts">
                <dt>Kind</dt>
                <dd>{String(p.deployment['kind'])}</dd>
                <dt>Project</dt>
                <dd>{p.project_module ?? 'every project'}</dd>
                <dt>Default</dt>
                <dd>{p.is_default ? 'yes' : 'no'}</dd>
                <dt>Version</dt>
                <dd>{p.version}</dd>
                <dt>Updated</dt>
                <dd>
                  <Time at={p.updated_at} />
                </dd>
              </dl>
              <p>{p.description}</p>
              <h2>Translation</h2>
              <Json value={p.translation} label="Translation" />
              <h2>Deployment</h2>
              <Json value={p.deployment} label="Deployment" />
            </>
          )
        }
      </Show>
    </Page>
  );
};

export const ProfilesPage = () => {
  const list = useLoad(() => get<ProfilePage>('/deployment-profiles?limit=500'), 'profiles');
  const [creating, setCreating] = useState(false);
  // An operator anywhere may make one: the API checks the project it names.
  const me = useMe();
  const canEdit = canIn(me, 'operator', null) || Object.values(me.project_roles).includes('operator');
  return (
    <Page
      title="Deployment profiles"
      actions={
        canEdit && (
          <button type="button" class="primary" onClick={() => setCreating((x) => !x)}>
            {creating ? 'Close' : 'New profile'}
          </button>
        )
      }
    >
      {creating && <Editor done={(p) => go(['profiles', p.id])} />}
      <Show loaded={list}>
        {(page) =>
          page.items.length === 0 ? (
            <p class="muted">No deployment profiles yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Target</th>
                  <th scope="col">Project</th>
                  <th scope="col">Default</th>
                  <th scope="col">Version</th>
                  <th scope="col">Paused</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <a href={href(['profiles', p.id])}>{p.name}</a>
                    </td>
                    <td>{String(p.deployment['kind'])}</td>
                    <td>{String(p.deployment['deploy_host'] ?? p.deployment['login_node'] ?? '')}</td>
                    <td>{p.project_module ?? 'every project'}</td>
                    <td>{p.is_default ? 'yes' : 'no'}</td>
                    <td>{p.version}</td>
                    <td>{p.paused ? <PauseWindow p={p.paused} /> : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Show>
    </Page>
  );
};
