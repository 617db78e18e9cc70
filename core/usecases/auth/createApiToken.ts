import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, type FieldIssue, validationError } from '../../errors.js';
import { tokenCreatedEvent } from '../../domain/accountEvents.js';
import {
  apiTokenNamePattern,
  apiTokenSecretBytes,
  type ApiTokenView,
  formatApiToken,
  maxLiveApiTokens,
  tokensOff,
} from '../../domain/apiToken.js';
import { addSeconds, type AuthPolicy } from '../../domain/authPolicy.js';
import { isRole, type Role, roleAllows } from '../../domain/roles.js';
import type { AuthSessionRepository } from '../../ports/AuthSessionRepository.js';
import type { Clock } from '../../ports/Clock.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import type { Random } from '../../ports/Random.js';
import type { TokenOwner } from './apiTokenOwner.js';

export interface ApiTokenDeps {
  readonly sessions: AuthSessionRepository;
  readonly digest: ContentDigest;
  readonly random: Random;
  readonly clock: Clock;
  readonly policy: AuthPolicy;
}

export interface ApiTokenInput {
  readonly name: string;
  /** Defaults to the owner's role; never above it. */
  readonly role?: string | undefined;
  readonly days: number;
}

const issuesOf = (input: ApiTokenInput, owner: TokenOwner, maxDays: number): FieldIssue[] => [
  ...(apiTokenNamePattern.test(input.name)
    ? []
    : [
        {
          path: 'name',
          message:
            '1 to 63 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit',
        },
      ]),
  ...(input.role === undefined || isRole(input.role)
    ? input.role !== undefined && !roleAllows(highestRole(owner), input.role)
      ? [{ path: 'role', message: `above your own roles (${highestRole(owner)} at most)` }]
      : []
    : [{ path: 'role', message: 'viewer, operator or admin' }]),
  ...(input.role === 'none'
    ? [{ path: 'role', message: 'viewer, operator or admin: a token of no role does nothing' }]
    : []),
  ...(Number.isInteger(input.days) && input.days >= 1 && input.days <= maxDays
    ? []
    : [{ path: 'days', message: `a whole number of days from 1 to ${maxDays}` }]),
];

/**
 * The highest role an owner holds anywhere: its own, or one granted for a project (a token of that
 * role acts with it on that project only, and with the owner's own role elsewhere).
 */
const highestRole = (owner: TokenOwner): Role =>
  Object.values(owner.projectRoles ?? {}).reduce<Role>((a, r) => (roleAllows(a, r) ? a : r), owner.role);

/**
 * Makes an API token for the asking user: a login for a program, with a name, a role no higher
 * than the user's (or its role for a project: the token acts with it there only), and an end. The token is returned once; only its secret's digest is stored.
 * Made only from a login (a token cannot make tokens), recorded in the account audit.
 */
export const createApiToken = async (
  deps: ApiTokenDeps,
  owner: TokenOwner,
  input: ApiTokenInput,
): Promise<E.Either<AppError, { token: string; view: ApiTokenView }>> => {
  const maxDays = deps.policy.apiTokenMaxDays;
  if (maxDays === 0) return E.left(tokensOff);
  if (owner.viaApiToken) return E.left(appError('forbidden', 'an API token cannot make API tokens; log in'));
  // A token acts with a role; an account holding none anywhere has nothing to give one.
  if (highestRole(owner) === 'none')
    return E.left(
      appError(
        'forbidden',
        'your account holds no role, for the service or any project: a token could do nothing; ask an admin for one',
      ),
    );
  const issues = issuesOf(input, owner, maxDays);
  if (issues.length > 0) return E.left(validationError('the API token request is not valid', issues));
  const now = deps.clock.now();
  const id = deps.random.uuid();
  const secret = deps.random.token(apiTokenSecretBytes);
  // An account with no role of its own gets a token with the roles it holds for its projects.
  const role: Role =
    (input.role as Role | undefined) ?? (owner.role === 'none' ? highestRole(owner) : owner.role);
  const expiresAt = addSeconds(now, input.days * 86_400);
  const view: ApiTokenView = {
    id,
    name: input.name,
    role,
    userId: owner.userId,
    username: owner.username,
    createdAt: now,
    expiresAt,
    revokedAt: null,
    revokeReason: null,
    lastUsedAt: null,
  };
  const outcome = await deps.sessions.createApiToken(
    {
      id,
      userId: owner.userId,
      createdAt: now,
      expiresAt,
      revokedAt: null,
      revokeReason: null,
      apiToken: { name: input.name, role, secretHash: deps.digest.digest(secret), lastUsedAt: null },
    },
    tokenCreatedEvent(owner.username, view, owner.username),
    maxLiveApiTokens,
    now,
  );
  if (outcome === 'name_taken')
    return E.left(appError('conflict', `you already have a live API token named ${input.name}`));
  if (outcome === 'too_many')
    return E.left(
      appError(
        'conflict',
        `you have ${maxLiveApiTokens} live API tokens, the most an account may; revoke one`,
      ),
    );
  return E.right({ token: formatApiToken(id, secret), view });
};
