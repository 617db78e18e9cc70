import * as E from 'fp-ts/lib/Either.js';
import type { ProfileSettings } from '../../../core/domain/profile.js';
import { actorOf, answer, fail, type Handler, pageOf, eventPageOf } from '../handler.js';

export const createProfileHandler: Handler = async (ctx) => {
  const r = await ctx.app.profiles.create(ctx.body as ProfileSettings, actorOf(ctx));
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info(
    { profile_id: r.right.id, name: r.right.name, by: ctx.principal?.username },
    'profile created',
  );
  return { status: 201, body: r.right };
};

export const listProfilesHandler: Handler = async (ctx) =>
  answer(await ctx.app.profiles.list(ctx.query['project_module'] as string | undefined, pageOf(ctx)));

export const getProfileHandler: Handler = async (ctx) =>
  answer(await ctx.app.profiles.get(ctx.params['id']!));

export const replaceProfileHandler: Handler = async (ctx) => {
  const r = await ctx.app.profiles.replace(ctx.params['id']!, ctx.body as ProfileSettings, actorOf(ctx));
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info(
    { profile_id: r.right.id, version: r.right.version, by: ctx.principal?.username },
    'profile replaced',
  );
  return { body: r.right };
};

export const deleteProfileHandler: Handler = async (ctx) => {
  const r = await ctx.app.profiles.delete(ctx.params['id']!, actorOf(ctx));
  if (E.isRight(r))
    ctx.log.info({ profile_id: ctx.params['id'], by: ctx.principal?.username }, 'profile deleted');
  return answer(r);
};

export const profileEventsHandler: Handler = async (ctx) =>
  answer(await ctx.app.profiles.events(ctx.params['id']!, eventPageOf(ctx)));

export const pauseProfileHandler: Handler = async (ctx) => {
  const body = ctx.body as { reason: string; from?: string | null; until?: string | null; replace?: boolean };
  const at = (s: string | null | undefined) => (s ? new Date(s) : null);
  const r = await ctx.app.profiles.pause(
    ctx.params['id']!,
    { reason: body.reason, from: at(body.from), until: at(body.until), replace: body.replace === true },
    actorOf(ctx),
  );
  if (E.isRight(r))
    ctx.log.info({ profile_id: ctx.params['id'], by: ctx.principal?.username }, 'profile paused');
  return answer(r);
};

export const resumeProfileHandler: Handler = async (ctx) => {
  const r = await ctx.app.profiles.resume(ctx.params['id']!, actorOf(ctx));
  if (E.isRight(r))
    ctx.log.info({ profile_id: ctx.params['id'], by: ctx.principal?.username }, 'profile resumed');
  return answer(r);
};

/** Each outbound check of a ping gives up after this, so the request is bounded. */
const pingTimeoutMs = 15_000;

export const pingProfileHandler: Handler = async (ctx) => {
  const r = await ctx.app.profiles.ping(ctx.params['id']!, AbortSignal.timeout(pingTimeoutMs));
  if (E.isRight(r))
    ctx.log.info(
      { profile_id: ctx.params['id'], ok: r.right.ok, by: ctx.principal?.username },
      'profile pinged',
    );
  return answer(r);
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const profileHandlers: Readonly<Record<string, Handler>> = {
  createProfile: createProfileHandler,
  listProfiles: listProfilesHandler,
  getProfile: getProfileHandler,
  replaceProfile: replaceProfileHandler,
  deleteProfile: deleteProfileHandler,
  profileEvents: profileEventsHandler,
  pingProfile: pingProfileHandler,
  pauseProfile: pauseProfileHandler,
  resumeProfile: resumeProfileHandler,
};
