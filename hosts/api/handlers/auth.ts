import * as E from 'fp-ts/lib/Either.js';
import type { IssuedTokens } from '../../../core/domain/authPolicy.js';
import {
  answer,
  fail,
  type Handler,
  type HandlerContext,
  type HandlerResult,
  eventPageOf,
  failRetryable,
} from '../handler.js';

interface LoginBody {
  username: string;
  password: string;
}

/** A login with its log line and metrics: the tokens, or the response that refuses it. */
export const attemptLogin = async (ctx: HandlerContext): Promise<E.Either<HandlerResult, IssuedTokens>> => {
  const body = ctx.body as LoginBody;
  const r = await ctx.app.auth.login({ ...body, clientAddress: ctx.clientAddress });
  if (E.isLeft(r)) {
    // The client hears only "invalid username or password"; the log says which it was, naming the
    // account when there is one, never what was typed as the username (a password often lands there).
    ctx.log.warn(
      { user_id: r.left.userId ?? null, client: ctx.clientAddress, cause: r.left.cause },
      'login failed',
    );
    // Public metrics tell only what the client already knows: refused, or rate-limited.
    ctx.host.metrics.loginFailures.inc({
      outcome: r.left.cause === 'rate_limited' ? 'rate_limited' : 'invalid_credentials',
    });
    return E.left(failRetryable(r.left.error));
  }
  ctx.log.info({ username: body.username, user_id: r.right.userId }, 'login');
  return E.right(r.right.tokens);
};

export const loginHandler: Handler = async (ctx) => {
  const r = await attemptLogin(ctx);
  return E.isLeft(r) ? r.left : { body: r.right };
};

export const refreshHandler: Handler = async (ctx) => {
  const r = await ctx.app.auth.refresh((ctx.body as { refresh_token: string }).refresh_token);
  if (E.isLeft(r)) {
    ctx.log.warn(
      { cause: r.left.cause, detail: r.left.detail, client: ctx.clientAddress },
      'refresh refused',
    );
    return fail(r.left.error);
  }
  return { body: r.right };
};

export const logoutHandler: Handler = async (ctx) => {
  const p = ctx.principal!;
  // An API token logging out is revoked, and the account audit says so.
  if (p.viaApiToken) await ctx.app.apiTokens.revoke(p, p.sessionId);
  else await ctx.app.auth.logout(p.sessionId);
  ctx.log.info({ user_id: ctx.principal!.userId }, 'logout');
  return { body: { logged_out: true } };
};

export const meHandler: Handler = async (ctx) => {
  const p = ctx.principal!;
  return {
    body: {
      user_id: p.userId,
      username: p.username,
      role: p.role,
      project_roles: p.projectRoles,
      session_id: p.sessionId,
    },
  };
};

export const changePasswordHandler: Handler = async (ctx) => {
  const p = ctx.principal!;
  const r = await ctx.app.auth.changePassword(
    {
      userId: p.userId,
      sessionId: p.sessionId,
      clientAddress: ctx.clientAddress,
      viaApiToken: p.viaApiToken,
    },
    ctx.body as { current_password: string; new_password: string },
  );
  if (E.isLeft(r)) {
    ctx.log.warn(
      { user_id: p.userId, client: ctx.clientAddress, code: r.left.code },
      'password change refused',
    );
    return failRetryable(r.left);
  }
  ctx.log.info({ user_id: p.userId, logins_ended: r.right.loginsEnded }, 'password changed');
  return { body: { logins_ended: r.right.loginsEnded } };
};

export const listUsersHandler: Handler = async (ctx) => ({ body: { items: await ctx.app.users.list() } });

export const accountEventsHandler: Handler = async (ctx) =>
  answer(await ctx.app.users.events(eventPageOf(ctx), ctx.query['username'] as string | undefined));

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const authHandlers: Readonly<Record<string, Handler>> = {
  login: loginHandler,
  refresh: refreshHandler,
  logout: logoutHandler,
  me: meHandler,
  listUsers: listUsersHandler,
  accountEvents: accountEventsHandler,
  changePassword: changePasswordHandler,
};
