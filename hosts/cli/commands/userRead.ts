import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { viewEvent } from '../../../core/domain/event.js';
import type { SurveyorOperations as Surveyor } from '../../../core/app/surveyor.js';
import { table } from '../client/clientCommand.js';
import { exitCodes } from '../exitCodes.js';
import { UserCommand } from './userCommand.js';

type EventView = ReturnType<typeof viewEvent>;

export class UserListCommand extends UserCommand {
  static override paths = [['user', 'list']];
  static override usage = Command.Usage({
    description: 'List the users: role, whether disabled, when made, e-mail',
    details: `
      Reads the service's database on its host, as the other \`surveyor user\` commands do (a
      logged-in admin sees the same through \`GET /api/v2/users\`). Exit 0, 2 on bad
      configuration, 3 when the database is not migrated.
    `,
    examples: [['Every account', 'surveyor user list']],
  });
  asJson = Option.Boolean('--json', false, { description: 'Print the users as JSON' });
  protected async act(app: Surveyor) {
    const users = await app.users.list();
    if (this.asJson) return E.right(JSON.stringify(users, null, 2));
    const rows = users.map((u) => [
      u.username,
      u.role,
      u.disabled ? 'disabled' : 'enabled',
      u.created_at,
      u.email,
    ]);
    return E.right(table([['USERNAME', 'ROLE', 'STATE', 'CREATED', 'EMAIL'], ...rows]));
  }
}

export class UserEventsCommand extends UserCommand {
  static override paths = [['user', 'events']];
  static override usage = Command.Usage({
    description:
      'The account audit: accounts made, roles changed, accounts disabled and enabled, passwords set, logins unlocked or held back, and who did each',
    details: `
      Oldest first, every account's or one username's; with --last N, only the newest N (read
      from the newest end). Each \`surveyor user\` command records what it changed, and the
      host account that ran it (\`host:NAME\`); never a password. Logins the throttle held back
      are recorded by the service (BY is empty). A logged-in admin reads the same through
      \`GET /api/v2/users/events\`. The audit is kept for
      SERVICE_RETENTION_ACCOUNT_EVENTS_DAYS (five years by default). Exit 0, 1 on bad input, 2 on bad usage or configuration, 3
      when the database is not migrated.
    `,
    examples: [
      ['Every account', 'surveyor user events'],
      ['One account, as JSON', 'surveyor user events --username alice --json'],
      ['The newest 20', 'surveyor user events --last 20'],
    ],
  });
  username = Option.String('--username', { description: 'Only this account' });
  last = Option.String('--last', { description: 'Only the newest N events (1 to 100000)' });
  private keep = Number.POSITIVE_INFINITY;

  protected override async prepare(): Promise<number | undefined> {
    if (this.last === undefined) return undefined;
    const n = Number(this.last);
    if (!Number.isInteger(n) || n < 1 || n > 100_000) {
      this.context.stderr.write('surveyor: --last must be a whole number from 1 to 100000\n');
      return exitCodes.usage;
    }
    this.keep = n;
    return undefined;
  }
  asJson = Option.Boolean('--json', false, { description: 'Print the events as JSON' });

  protected async act(app: Surveyor) {
    // With --last, the newest pages are read until there are N, and shown oldest first as the rest.
    const newest = Number.isFinite(this.keep);
    let all: EventView[] = [];
    let cursor: string | undefined;
    do {
      const r = await app.users.events(
        { limit: 500, ...(cursor ? { cursor } : {}), order: newest ? 'newest' : 'oldest' },
        this.username,
      );
      if (E.isLeft(r)) return r;
      all.push(...r.right.items);
      cursor = r.right.next_cursor ?? undefined;
    } while (cursor && all.length < this.keep);
    if (newest) all = all.slice(0, this.keep).reverse();
    if (this.asJson) return E.right(JSON.stringify(all, null, 2));
    if (all.length === 0) return E.right('no account events');
    const rows = all.map((e) => [e.created_at, e.kind, e.subject_id, auditDetail(e.payload), e.actor ?? '']);
    return E.right(table([['WHEN', 'WHAT', 'WHO', 'DETAIL', 'BY'], ...rows]));
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
