import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { viewEvent } from '../../../core/domain/event.js';
import type { SurveyorOperations as Surveyor } from '../../../core/app/surveyor.js';
import type { ApiClient } from '../client/apiClient.js';
import { ReadCommand, table } from '../client/clientCommand.js';
import { lastOf, readEvents } from '../client/eventList.js';
import { exitCodes } from '../exitCodes.js';
import { onHost } from './userCommand.js';

type EventView = ReturnType<typeof viewEvent>;
type UserView = Awaited<ReturnType<Surveyor['users']['list']>>[number];

// The account list and audit are read on the service's host (its database), or with --remote
// from the running service as a logged-in admin (GET /users, GET /users/events): the same lines.

const remoteOption = () =>
  Option.Boolean('--remote', false, {
    description:
      "Ask the running service (logged in as an admin, or --server) instead of the host's database",
  });

const userTable = (users: readonly UserView[]) =>
  table([
    ['USERNAME', 'ROLE', 'PROJECT ROLES', 'STATE', 'CREATED', 'EMAIL'],
    ...users.map((u) => [
      u.username,
      u.role,
      Object.entries(u.project_roles)
        .map(([m, r]) => `${r} of ${m}`)
        .join(', ') || '-',
      u.disabled ? 'disabled' : 'enabled',
      u.created_at,
      u.email,
    ]),
  ]);

/** Audit lines as the host reads them and as the API answers them (its payload not typed). */
type AuditLine = Pick<EventView, 'created_at' | 'kind' | 'subject_id' | 'actor'> & {
  readonly payload: unknown;
};

const auditTable = (events: readonly AuditLine[]) =>
  events.length === 0
    ? 'no account events'
    : table([
        ['WHEN', 'WHAT', 'WHO', 'DETAIL', 'BY'],
        ...events.map((e) => [
          e.created_at,
          e.kind,
          e.subject_id,
          auditDetail(e.payload as Readonly<Record<string, unknown>>),
          e.actor ?? '',
        ]),
      ]);

export class UserListCommand extends ReadCommand {
  static override paths = [['user', 'list']];
  static override usage = Command.Usage({
    description: 'List the users: role, whether disabled, when made, e-mail',
    details: `
      Reads the service's database on its host, as the other \`surveyor user\` commands do.
      With --remote it asks the running service as the logged-in admin (\`GET /api/v2/users\`),
      from anywhere. Exit 0, 1 when the service refuses (not an admin), 2 on bad configuration, 3 when
      the database is not migrated.
    `,
    examples: [
      ['Every account', 'surveyor user list'],
      ['From anywhere, as a logged-in admin', 'surveyor user list --remote'],
    ],
  });
  remote = remoteOption();

  override async execute(): Promise<number> {
    if (this.remote) return super.execute();
    return onHost(this.context, async (app) => {
      const users = await app.users.list();
      return E.right(this.asJson ? JSON.stringify(users, null, 2) : userTable(users));
    });
  }

  protected async run(api: ApiClient): Promise<number> {
    const users = await api.request<{ items: UserView[] }>('GET', '/users');
    if (this.asJson) return this.json(users.items);
    this.out(userTable(users.items));
    return exitCodes.ok;
  }
}

export class UserEventsCommand extends ReadCommand {
  static override paths = [['user', 'events']];
  static override usage = Command.Usage({
    description:
      'The account audit: accounts made, roles changed, accounts disabled and enabled, passwords set, logins unlocked or held back, and who did each',
    details: `
      Oldest first, every account's or one username's; with --last N, only the newest N (read
      from the newest end). Each \`surveyor user\` command records what it changed, and the
      host account that ran it (\`host:NAME\`); never a password. Logins the throttle held back
      are recorded by the service (BY is empty). With --remote it asks the running service as the
      logged-in admin (\`GET /api/v2/users/events\`), from anywhere. The audit is kept for
      SERVICE_RETENTION_ACCOUNT_EVENTS_DAYS (five years by default). Exit 0, 1 on bad input (or
      a refusal by the service), 2 on bad usage or configuration, 3 when the database is not
      migrated.
    `,
    examples: [
      ['Every account', 'surveyor user events'],
      ['One account, as JSON', 'surveyor user events --username alice --json'],
      ['The newest 20', 'surveyor user events --last 20'],
      ['From anywhere, as a logged-in admin', 'surveyor user events --remote --last 20'],
    ],
  });
  username = Option.String('--username', { description: 'Only this account' });
  last = Option.String('--last', { description: 'Only the newest N events (1 to 100000)' });
  remote = remoteOption();

  override async execute(): Promise<number> {
    if (this.remote) return super.execute();
    let keep: number | undefined;
    try {
      keep = lastOf(this.last);
    } catch (err) {
      return this.fail(err);
    }
    return onHost(this.context, async (app) => {
      // With --last, the newest pages are read until there are N, and shown oldest first as the rest.
      const limit = keep ?? Number.POSITIVE_INFINITY;
      let all: EventView[] = [];
      let cursor: string | undefined;
      do {
        const r = await app.users.events(
          { limit: 500, ...(cursor ? { cursor } : {}), order: keep !== undefined ? 'newest' : 'oldest' },
          this.username,
        );
        if (E.isLeft(r)) return r;
        all.push(...r.right.items);
        cursor = r.right.next_cursor ?? undefined;
      } while (cursor && all.length < limit);
      if (keep !== undefined) all = all.slice(0, keep).reverse();
      return E.right(this.asJson ? JSON.stringify(all, null, 2) : auditTable(all));
    });
  }

  protected async run(api: ApiClient): Promise<number> {
    const events = await readEvents(api, '/users/events', lastOf(this.last), { username: this.username });
    if (this.asJson) return this.json(events);
    this.out(auditTable(events));
    return exitCodes.ok;
  }
}

/** What an audit line adds to its kind: a role's change, a throttle's limit, a token's name. */
const auditDetail = (p: Readonly<Record<string, unknown>>) =>
  typeof p['from'] === 'string' && typeof p['to'] === 'string'
    ? `${p['from']} -> ${p['to']}`
    : typeof p['limit'] === 'number'
      ? `more than ${p['limit']} in ${String(p['window_seconds'])} s`
      : typeof p['token_id'] === 'string'
        ? `token ${String(p['name'])}${typeof p['role'] === 'string' ? ` (${p['role']}, until ${String(p['expires_at'])})` : ''}`
        : '';
