import { Command, Option } from 'clipanion';
import type { SurveyorOperations } from '../../../core/app/surveyor.js';
import type { Runtime } from '../../composition/runtime.js';
import * as E from 'fp-ts/lib/Either.js';
import { hostActor, PasswordCommand } from './userCommand.js';

export class UserCreateCommand extends PasswordCommand {
  static override paths = [['user', 'create']];
  static override usage = Command.Usage({
    description: 'Create a user (the only way users are made: no HTTP route creates them)',
    details: `
      The password is read from --password-file, from standard input with --password-stdin, or
      asked for at the terminal (twice, not echoed); never from the command line. At least 12
      characters. Roles: viewer (reads), operator (also changes things), admin (also manages).
      The account audit (\`surveyor user events\`) records the account made and the host account
      that made it.

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
  role = Option.String('--role', 'viewer', {
    description: 'none (only the projects granted), viewer, operator or admin (default viewer)',
  });
  protected async act(app: SurveyorOperations, rt: Runtime) {
    rt.secrets.add(this.password);
    const r = await app.users.create(
      {
        username: this.username,
        email: this.email,
        role: this.role,
        password: this.password,
      },
      hostActor(),
    );
    return E.isLeft(r) ? r : E.right(`created ${r.right.role} ${r.right.username} (${r.right.id})`);
  }
}
