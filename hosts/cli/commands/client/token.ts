import { Command, Option } from 'clipanion';
import { uuidPattern } from '../../../../core/domain/idPrefix.js';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table, UsageError } from '../../client/clientCommand.js';

interface TokenView {
  id: string;
  name: string;
  role: string;
  username: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  state: string;
}

export class TokenCreateCommand extends ReadCommand {
  static override paths = [['token', 'create']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Make an API token for a program (a cron job, a pipeline); its text is printed once',
    details: `
      The token acts as you, with --role (default your role, never above it), for --days days (at
      most what the service allows, SERVICE_API_TOKEN_MAX_DAYS). Its text goes to standard output
      alone, so a script can keep it: give it to a program as SURVEYOR_TOKEN (with SURVEYOR_URL), or
      send it as Authorization: Bearer. It is shown this once; keep it as you keep a password.
      It cannot make tokens or set your password. Your account audit records it.
    `,
    examples: [
      ['A viewer token for a dashboard', 'surveyor token create --name dashboard --role viewer --days 90'],
      [
        'Kept in a file only you read',
        '(umask 077; surveyor token create --name nightly > ~/.surveyor-token)',
      ],
    ],
  });

  name = Option.String('--name', { required: true, description: 'What the token is for (shown in lists)' });
  role = Option.String('--role', { description: 'viewer, operator or admin (default: yours)' });
  days = Option.String('--days', '90', { description: 'How many days it lives (default 90)' });

  protected async run(api: ApiClient): Promise<number> {
    const days = Number(this.days);
    if (!Number.isInteger(days) || days < 1) throw new UsageError('--days must be a whole number of days');
    const made = await api.request<TokenView & { token: string }>('POST', '/auth/tokens', {
      body: { name: this.name, days, ...(this.role === undefined ? {} : { role: this.role }) },
    });
    if (this.asJson) return this.json(made);
    this.out(made.token);
    this.context.stderr.write(
      `token ${made.name} (${made.role}, until ${made.expires_at}) made; this is the only time it is shown\n`,
    );
    return exitCodes.ok;
  }
}

export class TokenListCommand extends ReadCommand {
  static override paths = [['token', 'list']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "List your API tokens (--all: every account's, for an admin), never their text",
  });

  all = Option.Boolean('--all', false, { description: "Every account's tokens (admins)" });

  protected async run(api: ApiClient): Promise<number> {
    const { items } = await api.request<{ items: TokenView[] }>('GET', '/auth/tokens', {
      query: { all: this.all ? 'true' : undefined },
    });
    if (this.asJson) return this.json(items);
    this.out(
      table([
        ['NAME', 'USER', 'ROLE', 'STATE', 'UNTIL', 'LAST USED', 'ID'],
        ...items.map((t) => [
          t.name,
          t.username,
          t.role,
          t.state,
          t.expires_at,
          t.last_used_at ?? 'never',
          t.id,
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}

export class TokenRevokeCommand extends ReadCommand {
  static override paths = [['token', 'revoke']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "Revoke an API token by id or by name (yours; an admin, anyone's by id)",
    details: 'Its next request is refused, saying it was revoked. Your account audit records who revoked it.',
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });

  protected async run(api: ApiClient): Promise<number> {
    let id = this.ref;
    if (!uuidPattern.test(id)) {
      const { items } = await api.request<{ items: TokenView[] }>('GET', '/auth/tokens');
      const live = items.find((t) => t.name.toLowerCase() === this.ref.toLowerCase() && t.state === 'live');
      if (!live) throw new UsageError(`you have no live API token named ${this.ref}`);
      id = live.id;
    }
    const r = await api.request<TokenView>('DELETE', `/auth/tokens/${encodeURIComponent(id)}`);
    if (this.asJson) return this.json(r);
    this.out(`token ${r.name} of ${r.username} revoked`);
    return exitCodes.ok;
  }
}
