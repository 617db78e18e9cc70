import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../../core/errors.js';
import type { Runtime } from '../../composition/runtime.js';
import type { SurveyorOperations as Surveyor } from '../../../core/app/surveyor.js';
import type { ChangedUser } from '../../../core/usecases/auth/changeUser.js';
import { hostActor, onTheHost, PasswordCommand, UserCommand } from './userCommand.js';

const whose = () => Option.String('--username', { required: true, description: 'Whose account' });

/** What a change says when it is done. */
const said = (r: E.Either<AppError, ChangedUser>, text: (c: ChangedUser) => string) =>
  E.isLeft(r) ? r : E.right(text(r.right));

const ended = (n: number) => (n === 0 ? 'no login was live' : `${n} login${n === 1 ? '' : 's'} ended`);

export class UserSetRoleCommand extends UserCommand {
  static override paths = [['user', 'set-role']];
  static override usage = Command.Usage({
    description: "Change a user's role (none, viewer, operator or admin)",
    details: `
      The role counts from the account's next request: its logins go on, with the new role.
      The last enabled admin cannot be demoted; make another admin first.
${onTheHost}
    `,
    examples: [['Make alice an operator', 'surveyor user set-role --username alice --role operator']],
  });
  username = whose();
  role = Option.String('--role', {
    required: true,
    description: 'none (only the projects granted), viewer, operator or admin',
  });
  protected async act(app: Surveyor) {
    const r = await app.users.change({ username: this.username, role: this.role }, hostActor());
    return said(r, (c) => `${c.user.username} is now ${c.user.role}`);
  }
}

export class UserDisableCommand extends UserCommand {
  static override paths = [['user', 'disable']];
  static override usage = Command.Usage({
    description: 'Disable a user: every login of theirs ends now, and they cannot log in',
    details: `
      The account and what it did stay; \`surveyor user enable\` lets it log in again (with new
      logins: the ended ones stay ended). The last enabled admin cannot be disabled.
${onTheHost}
    `,
    examples: [['Someone who left', 'surveyor user disable --username bob']],
  });
  username = whose();
  protected async act(app: Surveyor) {
    const r = await app.users.change({ username: this.username, enabled: false }, hostActor());
    return said(r, (c) => `disabled ${c.user.username}; ${ended(c.loginsEnded)}`);
  }
}

export class UserEnableCommand extends UserCommand {
  static override paths = [['user', 'enable']];
  static override usage = Command.Usage({
    description: 'Enable a disabled user: they can log in again',
    details: onTheHost,
    examples: [['Back again', 'surveyor user enable --username bob']],
  });
  username = whose();
  protected async act(app: Surveyor) {
    const r = await app.users.change({ username: this.username, enabled: true }, hostActor());
    return said(r, (c) => `enabled ${c.user.username}`);
  }
}

export class UserSetPasswordCommand extends PasswordCommand {
  static override paths = [['user', 'set-password']];
  static override usage = Command.Usage({
    description: "Set a user's password: every login of theirs ends, and their failed logins are forgotten",
    details: `
      For a forgotten or leaked password. The password is read from --password-file, from
      standard input with --password-stdin, or asked for at the terminal (twice, not echoed);
      never from the command line. At least 12 characters.
${onTheHost}
    `,
    examples: [
      ['Asked for at the terminal', 'surveyor user set-password --username alice'],
      ['From a file', 'surveyor user set-password --username ci --password-file pw.txt'],
    ],
  });
  username = whose();
  protected async act(app: Surveyor, rt: Runtime) {
    rt.secrets.add(this.password);
    const r = await app.users.change({ username: this.username, password: this.password }, hostActor());
    return said(r, (c) => `set the password of ${c.user.username}; ${ended(c.loginsEnded)}`);
  }
}

export class UserUnlockCommand extends UserCommand {
  static override paths = [['user', 'unlock']];
  static override usage = Command.Usage({
    description: 'Forget the failed logins of a username or a client address, so it may try again now',
    details: `
      For someone held back by 429 (too many failed logins) who should not wait the window
      out: a colleague's typos, or guesses at their username from elsewhere. What keeps failing is
      counted again from then on. --address names a client address as the API saw it (with
      SERVICE_TRUST_PROXY, the rightmost X-Forwarded-For entry).
${onTheHost}
    `,
    examples: [
      ['A username', 'surveyor user unlock --username alice'],
      ['A client address', 'surveyor user unlock --address 192.0.2.10'],
    ],
  });
  username = Option.String('--username', { description: 'The username' });
  address = Option.String('--address', { description: 'The client address' });

  protected async act(app: Surveyor) {
    const r = await app.users.unlock(
      {
        ...(this.username !== undefined ? { username: this.username } : {}),
        ...(this.address !== undefined ? { address: this.address } : {}),
      },
      hostActor(),
    );
    const what = [this.username, this.address].filter((x) => x !== undefined).join(' and ');
    return E.isLeft(r) ? r : E.right(`forgot the failed logins of ${what}`);
  }
}
