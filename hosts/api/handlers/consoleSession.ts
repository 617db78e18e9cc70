import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../../../core/errors.js';
import type { IssuedTokens } from '../../../core/domain/authPolicy.js';
import { apiPrefix } from '../../../schema/routes.js';
import { consoleSessionPath } from '../../../schema/routes/console.js';
import { fail, type Handler, type HandlerContext } from '../handler.js';
import { cookieValue, httpOnlyCookie } from '../cookies.js';
import { attemptLogin } from './auth.js';

/**
 * The console keeps its access token in memory and its refresh token in this cookie: HttpOnly (no
 * script reads it), SameSite=Strict (no other site's page sends it) and sent only to the console
 * session routes. Secure whenever the request came over TLS.
 */
export const refreshCookieName = 'surveyor_console_refresh';
const cookiePath = apiPrefix + consoleSessionPath;
/** What a refresh token looks like (base64url); anything else in the cookie is not looked up. */
const tokenShape = /^[A-Za-z0-9_-]{16,512}$/;

const cookie = (ctx: HandlerContext, value: string, maxAgeSeconds: number): string =>
  httpOnlyCookie({
    name: refreshCookieName,
    value,
    path: cookiePath,
    maxAgeSeconds,
    sameSite: 'Strict',
    secure: ctx.secureTransport,
  });

const clearCookie = (ctx: HandlerContext) => ({ 'Set-Cookie': cookie(ctx, '', 0) });

/** The Set-Cookie header that gives this browser a console login (also after a provider's sign-in). */
export const refreshCookieHeader = (
  ctx: HandlerContext,
  refreshToken: string,
  maxAgeSeconds: number,
): string => cookie(ctx, refreshToken, maxAgeSeconds);

const answerTokens = (ctx: HandlerContext, t: IssuedTokens) => ({
  body: {
    access_token: t.access_token,
    token_type: t.token_type,
    expires_in: t.expires_in,
    refresh_expires_in: t.refresh_expires_in,
  },
  headers: { 'Set-Cookie': cookie(ctx, t.refresh_token, t.refresh_expires_in), 'Cache-Control': 'no-store' },
});

/** The refresh cookie's value, when the request carries exactly one of the right shape. */
export const refreshCookieOf = (header: string | undefined): string | undefined =>
  cookieValue(header, refreshCookieName, tokenShape);

export const consoleLoginHandler: Handler = async (ctx) => {
  const r = await attemptLogin(ctx);
  return E.isLeft(r) ? r.left : answerTokens(ctx, r.right);
};

export const consoleRefreshHandler: Handler = async (ctx) => {
  const token = refreshCookieOf(ctx.req.headers.cookie);
  if (token === undefined)
    return fail(appError('unauthorized', 'no console login in this browser; log in'), clearCookie(ctx));
  const r = await ctx.app.auth.refresh(token);
  if (E.isLeft(r)) {
    ctx.log.warn(
      { cause: r.left.cause, detail: r.left.detail, client: ctx.clientAddress },
      'console refresh refused',
    );
    return fail(r.left.error, clearCookie(ctx));
  }
  return answerTokens(ctx, r.right);
};

export const consoleLogoutHandler: Handler = async (ctx) => {
  await ctx.app.auth.logout(ctx.principal!.sessionId);
  ctx.log.info({ user_id: ctx.principal!.userId }, 'console logout');
  return { body: { logged_out: true }, headers: clearCookie(ctx) };
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const consoleSessionHandlers: Readonly<Record<string, Handler>> = {
  consoleLogin: consoleLoginHandler,
  consoleRefresh: consoleRefreshHandler,
  consoleLogout: consoleLogoutHandler,
};
