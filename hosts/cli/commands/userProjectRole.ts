import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { SurveyorOperations as Surveyor } from '../../../core/app/surveyor.js';
import type { ProjectRolesOf } from '../../../core/usecases/auth/projectRoles.js';
import { hostActor, onTheHost, UserCommand } from './userCommand.js';

/** "alice is viewer; operator of wallaby_hires, askap_dingo" */
export const rolesText = (u: {
  username: string;
  role: string;
  project_roles: Readonly<Record<string, string>>;
}) => {
  const byRole = new Map<string, string[]>();
  for (const [m, r] of Object.entries(u.project_roles)) byRole.set(r, [...(byRole.get(r) ?? []), m]);
  const grants = [...byRole.entries()].map(([r, ms]) => `${r} of ${ms.join(', ')}`);
  if (u.role === 'none')
    return `${u.username} has no role of its own; ${grants.length > 0 ? grants.join('; ') : 'no role for any project either'}`;
  return `${u.username} is ${u.role}${grants.length > 0 ? `; ${grants.join('; ')}` : ' on every project, with no role for a single one'}`;
};

const said = (r: E.Either<import('../../../core/errors.js').AppError, ProjectRolesOf>) =>
  E.isLeft(r) ? r : E.right(rolesText(r.right));

export class UserGrantCommand extends UserCommand {
  static override paths = [['user', 'grant']];
  static override usage = Command.Usage({
    description: 'Give a user a role for one project (operator, or viewer), beside their own role',
    details: `
      A viewer made operator of one survey creates, runs, cancels and retries that survey's
      executions, registers its sources and manages its profiles and alert rules, and stays a
      viewer of every other project (every route that acts on a project checks the role for it).
      A viewer grant counts for an account with no role of its own (\`--role none\`), which reads
      only the projects it holds a role for.
      Admin is granted for every project only: it decides what code runs where. Counts from the
      account's next request; its API tokens carry it up to their own role.
${onTheHost}
    `,
    examples: [
      [
        'Make alice operator of wallaby_hires',
        'surveyor user grant --username alice --project wallaby_hires',
      ],
    ],
  });
  username = Option.String('--username', { required: true, description: 'Whose account' });
  project = Option.String('--project', { required: true, description: 'The project module' });
  role = Option.String('--role', 'operator', {
    description: 'The role for that project (operator or viewer)',
  });
  protected async act(app: Surveyor) {
    return said(
      await app.users.grantProjectRole(
        { username: this.username, project_module: this.project, role: this.role },
        hostActor(),
      ),
    );
  }
}

export class UserRevokeCommand extends UserCommand {
  static override paths = [['user', 'revoke']];
  static override usage = Command.Usage({
    description: "Take a user's role for one project away",
    details: `
      From the account's next request it holds its own role there again.
${onTheHost}
    `,
    examples: [
      ['alice no longer runs wallaby_hires', 'surveyor user revoke --username alice --project wallaby_hires'],
    ],
  });
  username = Option.String('--username', { required: true, description: 'Whose account' });
  project = Option.String('--project', { required: true, description: 'The project module' });
  protected async act(app: Surveyor) {
    return said(
      await app.users.revokeProjectRole(
        { username: this.username, project_module: this.project },
        hostActor(),
      ),
    );
  }
}
