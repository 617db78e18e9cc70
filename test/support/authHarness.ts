// What the account and login suites (unit/accounts, unit/logins) share: the harness's first admin,
// a login as it, and Either unwrapped or failing the test.
import * as E from 'fp-ts/lib/Either.js';
import type { createHarness } from '../../hosts/library/harness.js';

export const admin = {
  username: 'alice',
  email: 'alice@example.org',
  role: 'admin',
  password: 'correct-horse-battery',
};
/** A login as the admin, with a password and from an address of the test's choice. */
export const from = (h: ReturnType<typeof createHarness>, password = admin.password, address = '10.0.0.1') =>
  h.auth.login({ username: admin.username, password, clientAddress: address });

export const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected success, got ${JSON.stringify(e.left)}`);
  return e.right;
};
export const left = <L>(e: E.Either<L, unknown>): L => {
  if (E.isRight(e)) throw new Error('expected failure');
  return e.left;
};

/** Why a login ended, as its access token and its refresh token each hear it (they must agree). */
export const whyEnded = async (
  h: ReturnType<typeof createHarness>,
  tokens: { access_token: string; refresh_token: string },
) => {
  const byAccess = left(await h.auth.authenticate(tokens.access_token)).message;
  const byRefresh = left(await h.auth.refresh(tokens.refresh_token)).error.message;
  return byAccess === byRefresh ? byAccess : `access: ${byAccess}; refresh: ${byRefresh}`;
};
