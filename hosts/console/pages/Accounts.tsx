import { get } from '../api.js';
import { href, type Route } from '../router.js';
import { useCan } from '../session.js';
import type { EventPage, ProvenanceEvent, UserList } from '../types.js';
import { Page, Pager, Show, Time, useLoad, usePager } from '../ui.js';

/** What an audit line adds to its kind: a role's change, a throttle's limit, a token's name. */
const detail = (e: ProvenanceEvent) => {
  const p = e.payload as Record<string, unknown>;
  if (typeof p['from'] === 'string') return `${p['from']} → ${String(p['to'])}`;
  if (typeof p['limit'] === 'number') return `more than ${p['limit']} in ${String(p['window_seconds'])} s`;
  if (typeof p['token_id'] === 'string')
    return `token ${String(p['name'])}${typeof p['role'] === 'string' ? ` (${p['role']})` : ''}`;
  return '';
};

/**
 * Accounts and the account audit, an admin's to read: accounts are changed on the service's host
 * (`surveyor user …`), never here, and each change is in the audit with who made it.
 */
export const AccountsPage = ({ route }: { route: Route }) => {
  const isAdmin = useCan('admin');
  const username = route.params.get('username') ?? undefined;
  // Nobody else is asked for them: the API would refuse.
  const none = { items: [], next_cursor: null };
  const users = useLoad(
    () => (isAdmin ? get<UserList>('/users') : Promise.resolve(none)),
    `users:${isAdmin}`,
  );
  const pager = usePager(`audit:${username ?? ''}`);
  const audit = useLoad(
    () => {
      if (!isAdmin) return Promise.resolve(none);
      const q = new URLSearchParams({ limit: '50', order: 'newest' });
      if (username) q.set('username', username);
      if (pager.cursor) q.set('cursor', pager.cursor);
      return get<EventPage>(`/users/events?${q}`);
    },
    `audit:${username ?? ''}:${pager.cursor ?? ''}`,
  );
  if (!isAdmin)
    return (
      <Page title="Accounts">
        <p class="muted">Only an admin sees the accounts and their audit.</p>
      </Page>
    );
  return (
    <Page title="Accounts">
      <p class="muted">
        Accounts are made and changed on the service's host with <code>surveyor user …</code>; each change is
        recorded below with the host account that made it.
      </p>
      <Show loaded={users}>
        {(l) => (
          <table>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Roles per project</th>
                <th scope="col">State</th>
                <th scope="col">Created</th>
                <th scope="col">E-mail</th>
              </tr>
            </thead>
            <tbody>
              {l.items.map((u) => (
                <tr key={u.id}>
                  <td>
                    <a href={href(['accounts'], { username: u.username })}>{u.username}</a>
                  </td>
                  <td>{u.role}</td>
                  <td>
                    {Object.entries(u.project_roles)
                      .map(([m, r]) => `${r} of ${m}`)
                      .join(', ') || '—'}
                  </td>
                  <td>{u.disabled ? 'disabled' : 'enabled'}</td>
                  <td>
                    <Time at={u.created_at} />
                  </td>
                  <td>{u.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Show>
      <h2>{username ? `Audit of ${username}` : 'Audit'}, newest first</h2>
      {username && (
        <p>
          <a href={href(['accounts'])}>Every account</a>
        </p>
      )}
      <Show loaded={audit}>
        {(p) => (
          <>
            {p.items.length === 0 ? (
              <p class="muted">Nothing recorded.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">What</th>
                    <th scope="col">Account or address</th>
                    <th scope="col">Detail</th>
                    <th scope="col">By</th>
                  </tr>
                </thead>
                <tbody>
                  {p.items.map((e) => (
                    <tr key={e.id}>
                      <td>
                        <Time at={e.created_at} />
                      </td>
                      <td>{e.kind}</td>
                      <td>{e.subject_id}</td>
                      <td>{detail(e)}</td>
                      <td>{e.actor ?? 'the service'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <Pager pager={pager} nextCursor={p.next_cursor} />
          </>
        )}
      </Show>
    </Page>
  );
};
