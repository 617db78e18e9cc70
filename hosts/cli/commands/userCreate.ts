import { Command, Option } from 'clipanion';
import type { Runtime } from '../../composition/runtime.js';
import * as E from 'fp-ts/lib/Either.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';
import { newPassword } from '../prompt.js';

export class UserCreateCommand extends Command {
  static override paths = [['user', 'create']];
  static override usage = Command.Usage({
    description: 'Create a user (the only way users are made: no HTTP route creates them)',
    details: `
      The password is read from --password-file, from standard input with --password-stdin, or
      asked for at the terminal (twice, not echoed); never from the command line. At least 12
      characters. Roles: viewer (reads), operator (also changes things), admin (also manages).

      Exit 0 when created, 1 when the username is taken or input is invalid, 2 on bad
      configuration, 3 when the database is not migrated.
    `,
    examples: [
      [
        'The first admin, asked for a password',
        'surveyor user create --username admin --email ops@example.org --role admin',
      ],
      [
        'From a file',
        'surveyor user create --username ci --email ci@example.org --role operator --password-file pw.txt',
      ],
    ],
  });

  username = Option.String('--username', { required: true, description: 'Login name' });
  email = Option.String('--email', { required: true, description: 'E-mail address' });
  role = Option.String('--role', 'viewer', { description: 'viewer, operator or admin (default viewer)' });
  passwordFile = Option.String('--password-file', {
    description: 'Read the password from the first line of this file',
  });
  passwordStdin = Option.Boolean('--password-stdin', false, {
    description: 'Read the password from standard input',
  });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { appOf } = await import('../../composition/composition.js');
    const { openRuntime } = await import('../../composition/runtime.js');
    if (this.passwordFile !== undefined && this.passwordStdin) {
      this.context.stderr.write('surveyor: give --password-file or --password-stdin, not both\n');
      return exitCodes.usage;
    }
    let rt: Runtime | undefined;
    try {
      const password = await newPassword(
        { file: this.passwordFile, stdin: this.passwordStdin },
        this.context.stderr,
      );
      if (password === undefined) return exitCodes.failure;
      rt = await openRuntime('cli', { logToStderr: true });
      rt.secrets.add(password);
      const r = await appOf(rt.container).users.create({
        username: this.username,
        email: this.email,
        role: this.role,
        password,
      });
      if (E.isLeft(r)) {
        this.context.stderr.write(`surveyor: ${r.left.message}\n`);
        const issues = (r.left.details?.['issues'] ?? []) as { path: string; message: string }[];
        for (const i of issues) this.context.stderr.write(`  ${i.path}: ${i.message}\n`);
        return exitCodes.failure;
      }
      this.context.stdout.write(`created ${r.right.role} ${r.right.username} (${r.right.id})\n`);
      return exitCodes.ok;
    } catch (err) {
      return reportFailure(err, this.context.stderr, rt?.secrets);
    } finally {
      await rt?.close();
    }
  }
}
