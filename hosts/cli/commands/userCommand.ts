import { userInfo } from 'node:os';
import { type BaseContext, Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../../core/errors.js';
import type { Runtime } from '../../composition/runtime.js';
import type { SurveyorOperations as Surveyor } from '../../../core/app/surveyor.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';
import { newPassword } from '../prompt.js';

export const onTheHost = `
      Runs on the service's host with its configuration (DATABASE_URL, or SERVICE_DATA_DIR for the
      embedded database), as \`surveyor user create\` does: managing accounts takes access to the
      host, and no HTTP route does it. The account audit (\`surveyor user events\`) records the
      change and the host account that made it. Exit 0 when done, 1 when there is no such user, the input is
      invalid or the change would leave no enabled admin, 2 on bad configuration, 3 when the
      database is not migrated.`;

/**
 * Who acts, for the account audit: the host's account that ran the command (an account is
 * managed on the host, not through a login). A user the system cannot name is named by its uid.
 */
export const hostActor = (): string => {
  try {
    return `host:${userInfo().username}`;
  } catch {
    return `host:uid ${process.getuid?.() ?? 'unknown'}`;
  }
};

/** Opens the service's runtime, runs `act` on its application face, and says how it went. */
export abstract class UserCommand extends Command {
  /** The change, through the application's face: what to say when it is done, or why not. */
  protected abstract act(app: Surveyor, rt: Runtime): Promise<E.Either<AppError, string>>;

  /** Runs before anything is opened (a usage check, a password asked for): an exit code stops there. */
  protected async prepare(): Promise<number | undefined> {
    return undefined;
  }

  override async execute(): Promise<number> {
    const stop = await this.prepare();
    if (stop !== undefined) return stop;
    return onHost(this.context, (app, rt) => this.act(app, rt));
  }
}

/**
 * Opens the service's runtime on this host, runs `act` on its application face, prints what it
 * answers (or why not) and gives the exit code: the way every host command on accounts runs.
 */
export const onHost = async (
  context: BaseContext,
  act: (app: Surveyor, rt: Runtime) => Promise<E.Either<AppError, string>>,
): Promise<number> => {
  // Loaded when the command runs, so the CLI starts fast for every other command.
  const { appOf } = await import('../../composition/composition.js');
  const { openRuntime } = await import('../../composition/runtime.js');
  let rt: Runtime | undefined;
  try {
    rt = await openRuntime('cli', { logToStderr: true });
    const r = await act(appOf(rt.container), rt);
    if (E.isLeft(r)) {
      context.stderr.write(`surveyor: ${r.left.message}\n`);
      const issues = (r.left.details?.['issues'] ?? []) as { path: string; message: string }[];
      for (const i of issues) context.stderr.write(`  ${i.path}: ${i.message}\n`);
      return exitCodes.failure;
    }
    context.stdout.write(`${r.right}\n`);
    return exitCodes.ok;
  } catch (err) {
    return reportFailure(err, context.stderr, rt?.secrets);
  } finally {
    await rt?.close();
  }
};

/** A command that sets a password: read (and checked) before the database is opened. */
export abstract class PasswordCommand extends UserCommand {
  passwordFile = Option.String('--password-file', {
    description: 'Read the password from the first line of this file',
  });
  passwordStdin = Option.Boolean('--password-stdin', false, {
    description: 'Read the password from standard input',
  });
  protected password = '';

  protected override async prepare(): Promise<number | undefined> {
    if (this.passwordFile !== undefined && this.passwordStdin) {
      this.context.stderr.write('surveyor: give --password-file or --password-stdin, not both\n');
      return exitCodes.usage;
    }
    try {
      const p = await newPassword(
        { file: this.passwordFile, stdin: this.passwordStdin },
        this.context.stderr,
      );
      if (p === undefined) return exitCodes.failure;
      this.password = p;
      return undefined;
    } catch (err) {
      return reportFailure(err, this.context.stderr);
    }
  }
}
