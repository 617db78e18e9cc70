import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { SurveyorOperations as Surveyor } from '../../../core/app/surveyor.js';
import type { GroupRole } from '../../../core/domain/identity.js';
import type { AppError } from '../../../core/errors.js';
import { hostActor, onTheHost, UserCommand } from './userCommand.js';

/** One rule a line: "group /surveys/wallaby → operator of wallaby_hires". */
const rulesText = (rules: readonly GroupRole[]): string =>
  rules.length === 0
    ? 'no group is given a role: nobody signs in through the identity provider'
    : rules.map((r) => `group ${r.group} → ${r.role} of ${r.projectModule}`).join('\n');

const said = (r: E.Either<AppError, readonly GroupRole[]>) => (E.isLeft(r) ? r : E.right(rulesText(r.right)));

const howItCounts = `
      Members of a group (the SERVICE_OIDC_GROUPS_CLAIM of their ID token) hold the role for the
      project from their next sign-in or refresh through the identity provider: operator runs the
      project (as \`surveyor user grant\` does), viewer lets them in. A person in no mapped group
      cannot sign in through the provider, and a login whose person has left every mapped group
      ends at its next refresh (within SERVICE_ACCESS_TOKEN_TTL_SECONDS). Admin is never given by
      a group. The project's events record the change.`;

export class IdentityMapCommand extends UserCommand {
  static override paths = [['identity', 'map']];
  static override usage = Command.Usage({
    description: "Give the members of an identity provider's group a role for one project",
    details: `${howItCounts}
${onTheHost}
    `,
    examples: [
      [
        'Members of /surveys/wallaby run wallaby_hires',
        'surveyor identity map --group /surveys/wallaby --project wallaby_hires --role operator',
      ],
    ],
  });
  group = Option.String('--group', { required: true, description: 'The group, as the provider names it' });
  project = Option.String('--project', { required: true, description: 'The project module' });
  role = Option.String('--role', 'operator', { description: 'viewer or operator' });
  protected async act(app: Surveyor) {
    return said(
      await app.identity.setGroupRole(
        { group: this.group, project_module: this.project, role: this.role },
        hostActor(),
      ),
    );
  }
}

export class IdentityUnmapCommand extends UserCommand {
  static override paths = [['identity', 'unmap']];
  static override usage = Command.Usage({
    description: "Take a group's role for one project away",
    details: `
      Its members lose the role at their next refresh.
${onTheHost}
    `,
    examples: [['', 'surveyor identity unmap --group /surveys/wallaby --project wallaby_hires']],
  });
  group = Option.String('--group', { required: true, description: 'The group' });
  project = Option.String('--project', { required: true, description: 'The project module' });
  protected async act(app: Surveyor) {
    return said(
      await app.identity.removeGroupRole({ group: this.group, project_module: this.project }, hostActor()),
    );
  }
}

export class IdentityMappingsCommand extends UserCommand {
  static override paths = [['identity', 'mappings']];
  static override usage = Command.Usage({
    description: 'List which identity provider groups hold which role in which project',
    details: `${howItCounts}
${onTheHost}
    `,
    examples: [['', 'surveyor identity mappings']],
  });
  protected async act(app: Surveyor) {
    return said(await app.identity.groupRoles());
  }
}
