import * as E from 'fp-ts/lib/Either.js';
import { apiPrefix } from '../../../schema/routes.js';
import { oidcCallbackPath } from '../../../schema/routes/identity.js';
import { fail, failRetryable, type Handler, type HandlerContext } from '../handler.js';
import { cookieValue, httpOnlyCookie } from '../cookies.js';
import { refreshCookieHeader } from './consoleSession.js';

/**
 * Binds a browser's sign-in to that browser: set when it leaves for the provider, checked when it
 * comes back. SameSite=Lax, since the way back is the provider's redirect (a top-level GET from
 * another site), and sent to the callback only.
 */
const bindingCookieName = 'surveyor_oidc_binding';
const bindingShape = /^[A-Za-z0-9_-]{16,128}$/;

const bindingCookie = (ctx: HandlerContext, value: string, maxAgeSeconds: number): string =>
  httpOnlyCookie({
    name: bindingCookieName,
    value,
    path: `${apiPrefix}${oidcCallbackPath}`,
    maxAgeSeconds,
    sameSite: 'Lax',
    secure: ctx.secureTransport,
  });

const bindingOf = (header: string | undefined): string | undefined =>
  cookieValue(header, bindingCookieName, bindingShape);

const redirect = (location: string, headers: Record<string, string> = {}) => ({
  status: 302,
  body: { location },
  headers: { Location: location, 'Cache-Control': 'no-store', ...headers },
});

/** Back to the console, which shows why signing in failed (it reads `signin_error`). */
const toConsoleWithError = (reason: string) =>
  redirect(`/?signin_error=${encodeURIComponent(reason)}#/overview`);

export const identityProviderHandler: Handler = async (ctx) => {
  const p = ctx.app.identity.provider();
  return { body: { enabled: p !== null, label: p?.label ?? null, issuer: p?.issuer ?? null } };
};

export const oidcStartHandler: Handler = async (ctx) => {
  const returnTo = ctx.query['return_to'] as string | undefined;
  const r = await ctx.app.identity.startBrowser(returnTo === undefined ? {} : { returnTo });
  if (E.isLeft(r)) {
    ctx.log.warn({ cause: r.left.cause, client: ctx.clientAddress }, 'identity sign-in not started');
    return toConsoleWithError(r.left.cause);
  }
  return redirect(r.right.url, { 'Set-Cookie': bindingCookie(ctx, r.right.binding, 600) });
};

export const oidcCallbackHandler: Handler = async (ctx) => {
  const url = new URL(ctx.req.url ?? '/', 'http://callback.invalid');
  const state = url.searchParams.get('state');
  if (state === null) return toConsoleWithError('unknown_state');
  const r = await ctx.app.identity.finishBrowser({
    state,
    binding: bindingOf(ctx.req.headers.cookie),
    callbackQuery: url.search,
  });
  if (E.isLeft(r)) {
    ctx.log.warn(
      { cause: r.left.cause, detail: r.left.error.message, client: ctx.clientAddress },
      'identity sign-in refused',
    );
    return toConsoleWithError(r.left.cause);
  }
  ctx.log.info({ username: r.right.username, user_id: r.right.userId, via: 'identity provider' }, 'login');
  const t = r.right.tokens;
  return redirect(`/${r.right.returnTo ?? '#/overview'}`, {
    'Set-Cookie': refreshCookieHeader(ctx, t.refresh_token, t.refresh_expires_in),
  });
};

export const oidcDeviceStartHandler: Handler = async (ctx) => {
  const r = await ctx.app.identity.startDevice();
  if (E.isLeft(r)) {
    ctx.log.warn({ cause: r.left.cause, client: ctx.clientAddress }, 'device sign-in not started');
    return failRetryable(r.left.error);
  }
  return { body: r.right, headers: { 'Cache-Control': 'no-store' } };
};

export const oidcDevicePollHandler: Handler = async (ctx) => {
  const r = await ctx.app.identity.pollDevice((ctx.body as { handle: string }).handle);
  if (E.isLeft(r)) {
    ctx.log.warn(
      { cause: r.left.cause, detail: r.left.error.message, client: ctx.clientAddress },
      'device sign-in refused',
    );
    return fail(r.left.error);
  }
  if (r.right.status === 'signed_in') ctx.log.info({ via: 'identity provider (device)' }, 'login');
  return { body: r.right, headers: { 'Cache-Control': 'no-store' } };
};

/** This feature's handlers by route id (schema/routes/identity.ts): the server's table spreads them. */
export const identityHandlers: Readonly<Record<string, Handler>> = {
  identityProvider: identityProviderHandler,
  oidcStart: oidcStartHandler,
  oidcCallback: oidcCallbackHandler,
  oidcDeviceStart: oidcDeviceStartHandler,
  oidcDevicePoll: oidcDevicePollHandler,
};
