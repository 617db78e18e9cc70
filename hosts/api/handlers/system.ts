import { roleAllows } from '../../../core/domain/roles.js';
import { buildOpenApi } from '../../../schema/openapi.js';
import { serviceVersion } from '../../../schema/version.js';
import { withTimeout } from '../../composition/timeout.js';
import * as E from 'fp-ts/lib/Either.js';
import type { Handler, HandlerContext } from '../handler.js';
import { bearerOf } from '../http.js';

const startedAt = Date.now();
const probeTimeoutMs = 3000;

export const healthHandler: Handler = async () => ({
  body: {
    status: 'ok',
    version: serviceVersion,
    uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    time: new Date().toISOString(),
  },
});

/**
 * Whether a public route's caller showed a valid token of a reader of every project: such a caller
 * sees what any reader may (the details of readiness, metrics by project); anyone else sees the
 * public part. A token that fails, or an account with no role of its own (which reads only its
 * projects), sees the public part too.
 */
const signedIn = async (ctx: HandlerContext): Promise<boolean> => {
  if (ctx.req.headers.authorization === undefined) return false;
  const p = await ctx.app.auth.authenticate(bearerOf(ctx.req));
  return E.isRight(p) && roleAllows(p.right.role, 'viewer');
};

/**
 * Readiness. Without a token: yes or no and each part's name and state, never its detail (addresses
 * of the translator, the database's words). With one: every detail.
 */
export const readyHandler: Handler = async (ctx) => {
  const probes = ctx.host.probes.map((p) => withTimeout(p, probeTimeoutMs));
  const r = await ctx.app.readiness(probes, ctx.host.now());
  const metrics = ctx.host.metrics;
  for (const [name, result] of Object.entries(r.checks))
    metrics.dependencyUp.set({ dependency: name }, result.ok ? 1 : 0);
  const checks = (await signedIn(ctx))
    ? r.checks
    : Object.fromEntries(
        Object.entries(r.checks).map(([name, c]) => [
          name,
          { ok: c.ok, detail: c.ok ? 'ok' : 'failing (a signed-in reader sees why)' },
        ]),
      );
  return {
    status: r.ready ? 200 : 503,
    body: { status: r.ready ? 'ready' : 'not_ready', failing: r.failing, checks },
  };
};

/**
 * Prometheus metrics on the API's port. Without a token, those that name no project or profile
 * (usage and counts by project need a reader's token, as `/usage` does); the separate metrics port
 * (SERVICE_METRICS_PORT, for the scraper) serves them all.
 */
export const metricsHandler: Handler = async (ctx) => {
  const m = ctx.host.metrics;
  return {
    text: (await signedIn(ctx)) ? await m.render() : await m.renderPublic(),
    contentType: m.contentType,
  };
};

let openApiCache: unknown;
export const openApiHandler: Handler = async () => {
  openApiCache ??= buildOpenApi();
  return { body: openApiCache };
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const systemHandlers: Readonly<Record<string, Handler>> = {
  health: healthHandler,
  ready: readyHandler,
  metrics: metricsHandler,
  openapi: openApiHandler,
};
