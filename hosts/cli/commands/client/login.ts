import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import { askedTwice, passwordFromStdin, passwordsFromStdin, promptHidden } from '../../prompt.js';
import { ApiClient } from '../../client/apiClient.js';
import { ClientCommand, ReadCommand, UsageError } from '../../client/clientCommand.js';
import { configDir, removeCredentials } from '../../client/credentials.js';
import { saveTokens } from '../../client/session.js';

export class LoginCommand extends ClientCommand {
  static override paths = [['login']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Log in to a running surveyor; later commands act as this user',
    details: `
      Asks for the password at the terminal (without echo), or --password-stdin reads it from
      standard input (without a terminal, it must). With --identity-provider it signs in through
      the service's OpenID Connect provider instead (the device authorization grant): it prints a
      web address and a code, you open the address in any browser, on any machine, enter the code
      and sign in there, and the command goes on once you have (or says that the code expired).
      Keeps the refresh token (and the current access token) in credentials.json in the
      configuration directory (SURVEYOR_CONFIG_DIR, else $XDG_CONFIG_HOME/surveyor, else
      ~/.config/surveyor), readable by you alone (0600). The client commands (project, sources,
      profile add/list/show, exec) use it and renew it as they go; \`surveyor logout\` ends it.
    `,
    examples: [
      ['Log in', 'surveyor login --server http://localhost:8080 --username alice'],
      [
        'From a script',
        'cat pw.txt | surveyor login --server https://surveyor.example.org --username ci --password-stdin',
      ],
      [
        'Through your institution',
        'surveyor login --server https://surveyor.example.org --identity-provider',
      ],
    ],
  });

  username = Option.String('--username', { description: 'Who logs in (with a password)' });
  identityProvider = Option.Boolean('--identity-provider', false, {
    description: "Sign in through the service's identity provider (a code to enter in a browser)",
  });
  passwordStdin = Option.Boolean('--password-stdin', false, { description: 'Read the password from stdin' });

  /** Not logged in yet: a client without a token, to the server given. */
  protected override async connect(timeoutMs: number): Promise<ApiClient> {
    const server = this.server ?? process.env['SURVEYOR_URL'];
    if (!server) throw new UsageError('give the server with --server URL (or SURVEYOR_URL)');
    const url = URL.canParse(server) ? new URL(server) : null;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
      throw new UsageError(`--server ${server} is not an http(s) URL`);
    return new ApiClient(server, null, timeoutMs);
  }

  protected async run(api: ApiClient): Promise<number> {
    if (this.identityProvider) {
      if (this.username !== undefined || this.passwordStdin)
        throw new UsageError('--identity-provider signs in without a username or password');
      return this.throughProvider(api);
    }
    if (this.username === undefined) throw new UsageError('give --username (or --identity-provider)');
    if (!this.passwordStdin && !process.stdin.isTTY)
      throw new UsageError('no terminal to ask for a password; use --password-stdin');
    const password = this.passwordStdin ? await passwordFromStdin() : await promptHidden('Password: ');
    const t = await api.request<{ access_token: string; expires_in: number; refresh_token: string }>(
      'POST',
      '/login',
      { body: { username: this.username, password } },
    );
    return this.loggedIn(api, this.username, t);
  }

  private loggedIn(
    api: ApiClient,
    username: string,
    t: { access_token: string; expires_in: number; refresh_token: string },
  ): number {
    saveTokens(api.server, username, t);
    this.context.stderr.write(`logged in to ${api.server} as ${username} (kept in ${configDir()})\n`);
    if (process.env['SURVEYOR_TOKEN'])
      this.context.stderr.write(
        'note: SURVEYOR_TOKEN is set, so client commands act with it, not with this login\n',
      );
    return exitCodes.ok;
  }

  /** The device authorization grant, polled no faster than the provider asks. */
  private async throughProvider(api: ApiClient): Promise<number> {
    const start = await api.request<DeviceStarted>('POST', '/auth/oidc/device');
    const where = start.verification_uri_complete ?? start.verification_uri;
    this.context.stderr.write(
      `to sign in, open ${where} in a browser${start.verification_uri_complete ? '' : ` and enter the code ${start.user_code}`}` +
        ` (code ${start.user_code}; it expires in ${Math.round(start.expires_in / 60)} min)\nwaiting for the sign-in…\n`,
    );
    const until = Date.now() + start.expires_in * 1000;
    let interval = Math.max(1, start.interval);
    let said = Date.now();
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, interval * 1000));
      const poll = await api.request<DevicePoll>('POST', '/auth/oidc/device/token', {
        body: { handle: start.handle },
      });
      if (poll.status === 'signed_in') {
        const me = await new ApiClient(api.server, poll.access_token, 30_000).request<{ username: string }>(
          'GET',
          '/auth/me',
        );
        return this.loggedIn(api, me.username, poll);
      }
      interval = Math.max(interval, poll.interval);
      if (Date.now() - said > 30_000) {
        said = Date.now();
        this.context.stderr.write(`still waiting (${Math.round((until - Date.now()) / 1000)} s left)…\n`);
      }
    }
    this.context.stderr.write('the code expired before the sign-in; run surveyor login again\n');
    return exitCodes.failure;
  }
}

interface DeviceStarted {
  handle: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string | null;
  expires_in: number;
  interval: number;
}

type DevicePoll =
  | { status: 'pending' | 'slow_down'; interval: number }
  | { status: 'signed_in'; access_token: string; expires_in: number; refresh_token: string };

export class LogoutCommand extends ClientCommand {
  static override paths = [['logout']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'End the login on the server and forget it here',
  });

  protected async run(api: ApiClient): Promise<number> {
    // With a program's token in the environment, logout would revoke the token, not this login.
    if (process.env['SURVEYOR_TOKEN'])
      throw new UsageError(
        'SURVEYOR_TOKEN is set: unset it to log out, or revoke the token with surveyor token revoke',
      );
    await api.request('POST', '/auth/logout');
    removeCredentials();
    this.context.stderr.write('logged out\n');
    return exitCodes.ok;
  }
}

export class OwnPasswordCommand extends ClientCommand {
  static override paths = [['password']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Set your own password on the server, giving the current one',
    details: `
      Asks at the terminal (without echo) for the current password and the new one twice.
      With --password-stdin it reads two lines from standard input: the current password, then
      the new one. At least 12 characters. Every other login of yours ends (other terminals, the web
      console); this one goes on. A wrong current password counts as a failed login. Exit 0 when
      set, 1 when refused (a wrong current password, a new one too short, too many tries).
    `,
    examples: [
      ['At the terminal', 'surveyor password'],
      ['From a script', 'printf "%s\\n%s\\n" "$OLD" "$NEW" | surveyor password --password-stdin'],
    ],
  });

  passwordStdin = Option.Boolean('--password-stdin', false, {
    description: 'Read the current and the new password from stdin, one a line',
  });

  protected async run(api: ApiClient): Promise<number> {
    const [current, fresh] = await this.passwords();
    const r = await api.request<{ logins_ended: number }>('POST', '/auth/password', {
      body: { current_password: current, new_password: fresh },
    });
    const n = r.logins_ended;
    this.context.stderr.write(
      `password set; ${n === 0 ? 'no other login was live' : `${n} other login${n === 1 ? '' : 's'} ended`}\n`,
    );
    return exitCodes.ok;
  }

  private async passwords(): Promise<[string, string]> {
    if (this.passwordStdin) {
      const [current = '', fresh = ''] = await passwordsFromStdin(2);
      return [current, fresh];
    }
    if (!process.stdin.isTTY) throw new UsageError('no terminal to ask for passwords; use --password-stdin');
    const current = await promptHidden('Current password: ');
    const fresh = await askedTwice('New password');
    if (fresh === undefined) throw new UsageError('no new password was set');
    return [current, fresh];
  }
}

export class WhoamiCommand extends ReadCommand {
  static override paths = [['whoami']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Who this login acts as on the server: username and role',
  });

  protected async run(api: ApiClient): Promise<number> {
    const me = await api.request<{ username: string; role: string; session_id: string }>('GET', '/auth/me');
    if (this.asJson) return this.json(me);
    this.out(`${me.username} (${me.role}) at ${api.server}`);
    return exitCodes.ok;
  }
}
