import * as E from 'fp-ts/lib/Either.js';
import type { ApiTokenState, ApiTokenView } from '../../../core/domain/apiToken.js';
import type { Principal } from '../../../core/usecases/auth/authenticate.js';
import { fail, type Handler } from '../handler.js';

const owner = (p: Principal) => ({
  userId: p.userId,
  username: p.username,
  role: p.role,
  projectRoles: p.projectRoles,
  viaApiToken: p.viaApiToken,
  sessionId: p.sessionId,
});

const tokenJson = (t: ApiTokenView, state: ApiTokenState) => ({
  id: t.id,
  name: t.name,
  role: t.role,
  username: t.username,
  created_at: t.createdAt.toISOString(),
  expires_at: t.expiresAt.toISOString(),
  revoked_at: t.revokedAt?.toISOString() ?? null,
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
  state,
});

export const createApiTokenHandler: Handler = async (ctx) => {
  const r = await ctx.app.apiTokens.create(
    owner(ctx.principal!),
    ctx.body as { name: string; role?: string; days: number },
  );
  if (E.isLeft(r)) return fail(r.left);
  // Never the token's text: the log names the token by id.
  ctx.log.info({ user_id: ctx.principal!.userId, token_id: r.right.view.id }, 'API token made');
  return { status: 201, body: { ...tokenJson(r.right.view, 'live'), token: r.right.token } };
};

export const listApiTokensHandler: Handler = async (ctx) => {
  const items = await ctx.app.apiTokens.list(owner(ctx.principal!), ctx.query['all'] === true);
  return { body: { items: items.map((t) => tokenJson(t, t.state)) } };
};

export const revokeApiTokenHandler: Handler = async (ctx) => {
  const r = await ctx.app.apiTokens.revoke(owner(ctx.principal!), ctx.params['id']!);
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info({ user_id: ctx.principal!.userId, token_id: r.right.id }, 'API token revoked');
  return { body: tokenJson(r.right, 'revoked') };
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const apiTokenHandlers: Readonly<Record<string, Handler>> = {
  createApiToken: createApiTokenHandler,
  listApiTokens: listApiTokensHandler,
  revokeApiToken: revokeApiTokenHandler,
};
