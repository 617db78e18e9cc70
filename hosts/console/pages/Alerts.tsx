import { useState } from 'preact/hooks';
import { call, get } from '../api.js';
import { canIn, useCan, useMe } from '../session.js';
import type { ChannelPage, DeliveryPage, RulePage } from '../types.js';
import {
  CodeArea,
  ConfirmButton,
  ErrorNote,
  Field,
  Page,
  Pager,
  Show,
  StateBadge,
  Time,
  jsonBody,
  useAction,
  useLoad,
  usePager,
} from '../ui.js';

/** What a new channel or rule starts from: each a working example to edit (docs/alerting.md has every field). */
const channelTemplates: Record<string, object> = {
  webhook: {
    kind: 'webhook',
    name: 'ops-hook',
    url: 'https://hooks.example.org/surveyor',
    signing_secret: 'a-long-random-secret-shared-with-the-receiver',
  },
  email: {
    kind: 'email',
    name: 'ops-mail',
    host: 'smtp.example.org',
    from: 'surveyor@example.org',
    to: ['ops@example.org'],
  },
};
/** A rule names its channels by id: the first channel's, when there is one. */
const ruleTemplate = (channelId: string | undefined) => ({
  kind: 'execution_ended',
  name: 'failed runs',
  channels: [channelId ?? '(the id of a channel: make one first)'],
});

/** A channel or a rule written as JSON from a template, sent when it parses. */
const JsonCreate = ({
  what,
  path,
  templates,
  done,
}: {
  what: string;
  path: string;
  templates: Record<string, object>;
  done: () => void;
}) => {
  const first = Object.keys(templates)[0]!;
  const [text, setText] = useState(JSON.stringify(templates[first], null, 2));
  const { busy, error, run } = useAction();
  const submit = (ev: Event) => {
    ev.preventDefault();
    void run(async () => {
      await call('POST', path, jsonBody(text));
      done();
    });
  };
  return (
    <form class="form" onSubmit={submit}>
      {Object.keys(templates).length > 1 && (
        <Field label="Start from">
          <select onChange={(e) => setText(JSON.stringify(templates[e.currentTarget.value], null, 2))}>
            {Object.keys(templates).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </Field>
      )}
      <CodeArea label={`New ${what} (JSON)`} rows={9} value={text} onInput={setText} />
      <ErrorNote error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Create {what}
        </button>
      </div>
    </form>
  );
};

/** Rules on accounts (their audit, their API tokens): an admin's to switch. */
const accountRules: ReadonlySet<string> = new Set(['account_changed', 'token_expiring']);

/** Channels (admins change them), rules (operators) and the deliveries they made. */
export const AlertsPage = () => {
  const channels = useLoad(() => get<ChannelPage>('/notification-channels?limit=500'), 'channels');
  const rules = useLoad(() => get<RulePage>('/alert-rules?limit=500'), 'rules');
  const pager = usePager('deliveries');
  const deliveries = useLoad(
    () =>
      get<DeliveryPage>(
        `/alert-deliveries?limit=50${pager.cursor ? `&cursor=${encodeURIComponent(pager.cursor)}` : ''}`,
      ),
    `deliveries:${pager.cursor ?? ''}`,
    10_000,
  );
  const isAdmin = useCan('admin');
  const me = useMe();
  // Operators everywhere, and operators of single projects (for their projects' rules).
  const isOperator = canIn(me, 'operator', null) || Object.values(me.project_roles).includes('operator');
  const toggle = (path: string, enabled: boolean, reload: () => void) => async () => {
    await call('PATCH', path, { enabled });
    reload();
  };
  const channelName = (id: string) => channels.data?.items.find((c) => c.id === id)?.name ?? id.slice(0, 8);
  const [making, setMaking] = useState<'channel' | 'rule' | null>(null);
  const toggleMaking = (what: 'channel' | 'rule') => setMaking((m) => (m === what ? null : what));
  return (
    <Page title="Alerts">
      <h2>Channels</h2>
      {isAdmin && (
        <p>
          <button type="button" onClick={() => toggleMaking('channel')}>
            {making === 'channel' ? 'Close' : 'New channel'}
          </button>
        </p>
      )}
      {making === 'channel' && (
        <JsonCreate
          what="channel"
          path="/notification-channels"
          templates={channelTemplates}
          done={() => {
            setMaking(null);
            channels.reload();
          }}
        />
      )}
      <Show loaded={channels}>
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">
              No notification channels yet: alerts go nowhere until one exists.{' '}
              {isAdmin ? 'New channel makes one (a webhook or e-mail).' : 'An admin makes them.'}
            </p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Enabled</th>
                  <th scope="col">Updated</th>
                  {isAdmin && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {p.items.map((c) => (
                  <tr key={c.id}>
                    <td>{c.name}</td>
                    <td>{c.kind}</td>
                    <td>{c.enabled ? 'yes' : 'no'}</td>
                    <td>
                      <Time at={c.updated_at} />
                    </td>
                    {isAdmin && (
                      <td>
                        <ConfirmButton
                          label={c.enabled ? 'Disable' : 'Enable'}
                          question={`${c.enabled ? 'Disable' : 'Enable'} channel ${c.name}?`}
                          action={toggle(`/notification-channels/${c.id}`, !c.enabled, channels.reload)}
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Show>
      <h2>Rules</h2>
      {isOperator && (
        <p>
          <button type="button" onClick={() => toggleMaking('rule')}>
            {making === 'rule' ? 'Close' : 'New rule'}
          </button>
        </p>
      )}
      {making === 'rule' && (
        <JsonCreate
          what="rule"
          path="/alert-rules"
          templates={{ execution_ended: ruleTemplate(channels.data?.items[0]?.id) }}
          done={() => {
            setMaking(null);
            rules.reload();
          }}
        />
      )}
      <Show loaded={rules}>
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">No alert rules yet: a rule says which events reach which channels.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Project</th>
                  <th scope="col">Channels</th>
                  <th scope="col">Cooldown</th>
                  <th scope="col">Enabled</th>
                  {isOperator && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {p.items.map((r) => (
                  <tr key={r.id}>
                    <td>{r.name}</td>
                    <td>{r.kind}</td>
                    <td>{r.project_module ?? 'every project'}</td>
                    <td>{r.channels.map(channelName).join(', ')}</td>
                    <td>{r.cooldown_minutes} min</td>
                    <td>{r.enabled ? 'yes' : 'no'}</td>
                    {isOperator && (
                      <td>
                        {/* A rule on accounts is an admin's to switch (the API says so too). */}
                        {!canIn(me, 'operator', r.project_module) ? (
                          <span class="muted">
                            {r.project_module ? "its project's operators'" : "an operator's"}
                          </span>
                        ) : !accountRules.has(r.kind) || isAdmin ? (
                          <ConfirmButton
                            label={r.enabled ? 'Disable' : 'Enable'}
                            question={`${r.enabled ? 'Disable' : 'Enable'} rule ${r.name}?`}
                            action={toggle(`/alert-rules/${r.id}`, !r.enabled, rules.reload)}
                          />
                        ) : (
                          <span class="muted">an admin's</span>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Show>
      <h2>Deliveries</h2>
      <Show loaded={deliveries}>
        {(p) => (
          <>
            {p.items.length === 0 ? (
              <p class="muted">No deliveries yet.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">Created</th>
                    <th scope="col">Rule</th>
                    <th scope="col">Channel</th>
                    <th scope="col">Subject</th>
                    <th scope="col">State</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last error</th>
                  </tr>
                </thead>
                <tbody>
                  {p.items.map((d) => (
                    <tr key={d.id}>
                      <td>
                        <Time at={d.created_at} />
                      </td>
                      <td>{d.rule_name ?? (d.type === 'test' ? 'test' : '—')}</td>
                      <td>{channelName(d.channel_id)}</td>
                      <td>{d.subject}</td>
                      <td>
                        <StateBadge state={d.state} />
                      </td>
                      <td>{d.attempts}</td>
                      <td class="reason">{d.last_error ?? '—'}</td>
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
