import { buildOpenApi } from '../../../schema/openapi.js';
import { serviceVersion } from '../../../schema/version.js';
import { withTimeout } from '../../composition/timeout.js';
import type { Handler } from '../handler.js';

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

export const readyHandler: Handler = async (ctx) => {
  const probes = ctx.host.probes.map((p) => withTimeout(p, probeTimeoutMs));
  const r = await ctx.app.readiness(probes, ctx.host.now());
  const metrics = ctx.host.metrics;
  for (const [name, result] of Object.entries(r.checks))
    metrics.dependencyUp.set({ dependency: name }, result.ok ? 1 : 0);
  return {
    status: r.ready ? 200 : 503,
    body: { status: r.ready ? 'ready' : 'not_ready', failing: r.failing, checks: r.checks },
  };
};

export const metricsHandler: Handler = async (ctx) => {
  const m = ctx.host.metrics;
  return { text: await m.render(), contentType: m.contentType };
};

let openApiCache: unknown;
export const openApiHandler: Handler = async () => {
  openApiCache ??= buildOpenApi();
  return { body: openApiCache };
};
