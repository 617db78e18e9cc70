import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import { passwordFromStdin, promptHidden } from '../../prompt.js';
import { ApiClient } from '../../client/apiClient.js';
import { ClientCommand, UsageError } from '../../client/clientCommand.js';
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
    await api.request('POST', '/auth/logout');
    removeCredentials();
    this.context.stderr.write('logged out\n');
    return exitCodes.ok;
  }
}
