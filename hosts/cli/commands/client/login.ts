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
      standard input (without a terminal, it must).
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
    ],
  });

  username = Option.String('--username', { required: true, description: 'Who logs in' });
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
    if (!this.passwordStdin && !process.stdin.isTTY)
      throw new UsageError('no terminal to ask for a password; use --password-stdin');
    const password = this.passwordStdin ? await passwordFromStdin() : await promptHidden('Password: ');
    const t = await api.request<{ access_token: string; expires_in: number; refresh_token: string }>(
      'POST',
      '/login',
      { body: { username: this.username, password } },
    );
    saveTokens(api.server, this.username, t);
    this.context.stderr.write(`logged in to ${api.server} as ${this.username} (kept in ${configDir()})\n`);
    if (process.env['SURVEYOR_TOKEN'])
      this.context.stderr.write(
        'note: SURVEYOR_TOKEN is set, so client commands act with it, not with this login\n',
      );
    return exitCodes.ok;
  }
}

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
