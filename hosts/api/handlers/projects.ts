import * as E from 'fp-ts/lib/Either.js';
import { actorOf, answer, fail, type Handler, pageOf, eventPageOf } from '../handler.js';

export const uploadProjectConfigHandler: Handler = async (ctx) => {
  const r = await ctx.app.projects.upload(ctx.body as string, actorOf(ctx));
  if (E.isLeft(r)) return fail(r.left);
  const { version, created } = r.right;
  ctx.log.info(
    {
      project_module: version.project_module,
      version: version.version,
      created,
      by: ctx.principal!.username,
    },
    created ? 'project configuration uploaded' : 'project configuration unchanged',
  );
  return { status: created ? 201 : 200, body: { ...version, changed: created } };
};

export const getProjectConfigHandler: Handler = async (ctx) =>
  answer(await ctx.app.projects.active(ctx.params['module']!));

export const listProjectConfigVersionsHandler: Handler = async (ctx) =>
  answer(await ctx.app.projects.versions(ctx.params['module']!, pageOf(ctx)));

export const getProjectConfigVersionHandler: Handler = async (ctx) =>
  answer(await ctx.app.projects.version(ctx.params['module']!, Number(ctx.params['version'])));

export const projectEventsHandler: Handler = async (ctx) =>
  answer(await ctx.app.projects.events(ctx.params['module']!, eventPageOf(ctx)));

export const projectUsageHandler: Handler = async (ctx) => {
  const q = ctx.query as { from?: string; to?: string; by?: 'month' | 'profile' | 'state' };
  return answer(await ctx.app.projects.usage(ctx.params['module']!, q));
};

export const projectAutomationHandler: Handler = async (ctx) => {
  const q = ctx.query as { limit?: number };
  return answer(await ctx.app.projects.automation(ctx.params['module']!, q.limit));
};

export const listProjectsHandler: Handler = async (ctx) => ({
  body: { items: await ctx.app.projects.list() },
});

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const projectHandlers: Readonly<Record<string, Handler>> = {
  uploadProjectConfig: uploadProjectConfigHandler,
  getProjectConfig: getProjectConfigHandler,
  listProjectConfigVersions: listProjectConfigVersionsHandler,
  getProjectConfigVersion: getProjectConfigVersionHandler,
  projectEvents: projectEventsHandler,
  projectUsage: projectUsageHandler,
  projectAutomation: projectAutomationHandler,
  listProjects: listProjectsHandler,
};
