import { useState } from 'preact/hooks';
import { call, get } from '../api.js';
import { useMe } from '../session.js';
import type { ApiTokenMade, ApiTokens } from '../types.js';
import {
  Choice,
  ConfirmButton,
  ErrorNote,
  Field,
  Page,
  Show,
  StateBadge,
  Time,
  useAction,
  useLoad,
} from '../ui.js';

const rolesUpTo = (mine: string) =>
  ['viewer', 'operator', 'admin'].slice(0, ['viewer', 'operator', 'admin'].indexOf(mine) + 1);

/**
 * Your API tokens: logins for programs (a cron job, a pipeline). A new one's text is shown once,
 * here, after it is made; the list never shows it again. Revoking one refuses its next request.
 */
export const TokensPage = () => {
  const me = useMe();
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>(me.role);
  const [days, setDays] = useState('90');
  const [made, setMade] = useState<ApiTokenMade | null>(null);
  const [version, setVersion] = useState(0);
  const { busy, error, run } = useAction();
  const tokens = useLoad(() => get<ApiTokens>('/auth/tokens'), `tokens:${version}`);
  const submit = (ev: Event) => {
    ev.preventDefault();
    void run(async () => {
      setMade(await call<ApiTokenMade>('POST', '/auth/tokens', { name, role, days: Number(days) }));
      setName('');
      setVersion((v) => v + 1);
    });
  };
  return (
    <Page title="Your API tokens">
      <p class="muted">
        A token lets a program act as you, with the role you give it (never above yours), until its end or
        until it is revoked. Give it to the command-line tool as <code>SURVEYOR_TOKEN</code>, or send it as{' '}
        <code>Authorization: Bearer</code>. It cannot make tokens or set your password.
      </p>
      <form class="form" onSubmit={submit}>
        <Field label="Name" hint="What it is for, as lists show it: nightly import, dashboard.">
          <input
            value={name}
            maxLength={63}
            pattern="[A-Za-z0-9][A-Za-z0-9 ._\-]*"
            onInput={(e) => setName(e.currentTarget.value)}
            required
          />
        </Field>
        <Choice label="Role" value={role} options={rolesUpTo(me.role)} onChange={setRole} />
        <Field label="Days it lives">
          <input
            type="number"
            min={1}
            value={days}
            onInput={(e) => setDays(e.currentTarget.value)}
            required
          />
        </Field>
        <ErrorNote error={error} />
        <button type="submit" class="primary" disabled={busy}>
          Make a token
        </button>
      </form>
      {made && (
        <div role="status" class="made-token">
          <p>
            Token <strong>{made.name}</strong> ({made.role}, until <Time at={made.expires_at} />) made. Copy
            it now: it is not shown again.
          </p>
          <Field label="The new token">
            <textarea class="code" readOnly rows={2} value={made.token} />
          </Field>
          <button type="button" onClick={() => void navigator.clipboard?.writeText(made.token)}>
            Copy
          </button>{' '}
          <button type="button" onClick={() => setMade(null)}>
            Done
          </button>
        </div>
      )}
      <Show loaded={tokens}>
        {(l) =>
          l.items.length === 0 ? (
            <p class="muted">You have no API tokens.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Made</th>
                  <th scope="col">Until</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="visually-hidden">Revoke</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {l.items.map((x) => (
                  <tr key={x.id}>
                    <td>{x.name}</td>
                    <td>{x.role}</td>
                    <td>
                      <StateBadge state={x.state} />
                    </td>
                    <td>
                      <Time at={x.created_at} />
                    </td>
                    <td>
                      <Time at={x.expires_at} />
                    </td>
                    <td>
                      {x.last_used_at ? <Time at={x.last_used_at} /> : <span class="muted">never</span>}
                    </td>
                    <td>
                      {x.state === 'live' && (
                        <ConfirmButton
                          label={`Revoke ${x.name}`}
                          question={`Revoke the token ${x.name}? Its next request is refused.`}
                          danger
                          action={async () => {
                            await call('DELETE', `/auth/tokens/${x.id}`);
                            setVersion((v) => v + 1);
                          }}
                        />
                      )}
                    </td>
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
