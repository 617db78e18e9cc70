import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../../../core/errors.js';
import { viewVersion, viewVersionSummary } from '../../../core/domain/projectVersion.js';
import { uploadProjectConfig } from '../../../core/usecases/uploadProjectConfig.js';
import { loadProjectYaml } from '../../../schema/project/loadYaml.js';
import { projectDeps } from '../../shared/composition.js';
import { fail, type Handler } from '../handler.js';
import { badCursor, eventPage } from './eventPage.js';

export const uploadProjectConfigHandler: Handler = async (ctx) => {
  const yaml = ctx.body as string;
  const parsed = loadProjectYaml(yaml);
  if (E.isLeft(parsed))
    return fail(
      appError('validation_failed', `the project configuration has ${parsed.left.length} problem(s)`, {
        issues: parsed.left.map((d) => ({
          path: d.path || '(document)',
          message: d.message,
          line: d.line,
          column: d.column,
          code: d.code,
        })),
      }),
    );
  const uploaded = await uploadProjectConfig(projectDeps(ctx.container), {
    yaml,
    config: parsed.right,
    by: ctx.principal!.username,
    role: ctx.principal!.role,
  });
  if (E.isLeft(uploaded)) return fail(uploaded.left);
  const r = uploaded.right;
  ctx.log.info(
    {
      project_module: r.version.projectModule,
      version: r.version.version,
      created: r.created,
      by: ctx.principal!.username,
    },
    r.created ? 'project configuration uploaded' : 'project configuration unchanged',
  );
  return { status: r.created ? 201 : 200, body: viewVersion(r.version) };
};

const noConfig = (module: string) =>
  appError('not_found', `project ${module} has no configuration; upload one first`);

export const getProjectConfigHandler: Handler = async (ctx) => {
  const module = ctx.params['module']!;
  const v = await projectDeps(ctx.container).configs.active(module);
  return v ? { body: viewVersion(v) } : fail(noConfig(module));
};

export const listProjectConfigVersionsHandler: Handler = async (ctx) => {
  const module = ctx.params['module']!;
  const page = await projectDeps(ctx.container).configs.versionPage(
    module,
    (ctx.query['limit'] as number | undefined) ?? 100,
    (ctx.query['cursor'] as string | undefined) ?? null,
  );
  if (page === 'bad_cursor') return fail(badCursor);
  if (page.items.length === 0 && ctx.query['cursor'] === undefined) return fail(noConfig(module));
  return { body: { items: page.items.map(viewVersionSummary), next_cursor: page.nextCursor } };
};

export const getProjectConfigVersionHandler: Handler = async (ctx) => {
  const module = ctx.params['module']!;
  const version = Number(ctx.params['version']);
  const v = await projectDeps(ctx.container).configs.get(module, version);
  return v
    ? { body: viewVersion(v) }
    : fail(appError('not_found', `project ${module} has no version ${version}`));
};

export const projectEventsHandler: Handler = async (ctx) => {
  const module = ctx.params['module']!;
  const deps = projectDeps(ctx.container);
  // A module that never had a configuration is not a project: say so rather than list nothing.
  if ((await deps.configs.versions(module)).length === 0) return fail(noConfig(module));
  return eventPage(ctx, deps.events, { kind: 'project', projectModule: module });
};
