import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../../../core/errors.js';
import { badCursor, eventPage } from './eventPage.js';
import type { ProfileSettings } from '../../../core/domain/profile.js';
import { viewProfile } from '../../../core/domain/profile.js';
import {
  type Actor,
  createProfile,
  deleteProfile,
  replaceProfile,
} from '../../../core/usecases/profiles/saveProfile.js';
import type { EventLog } from '../../../core/ports/EventLog.js';
import { profileDeps, TYPES } from '../../shared/composition.js';
import { fail, type Handler, type HandlerContext } from '../handler.js';

const actorOf = (ctx: HandlerContext): Actor => ({
  username: ctx.principal!.username,
  role: ctx.principal!.role,
});

export const createProfileHandler: Handler = async (ctx) => {
  const r = await createProfile(profileDeps(ctx.container), ctx.body as ProfileSettings, actorOf(ctx));
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info(
    { profile_id: r.right.id, name: r.right.name, by: ctx.principal?.username },
    'profile created',
  );
  return { status: 201, body: viewProfile(r.right) };
};

export const listProfilesHandler: Handler = async (ctx) => {
  const page = await profileDeps(ctx.container).profiles.page(
    ctx.query['project_module'] as string | undefined,
    (ctx.query['limit'] as number | undefined) ?? 100,
    (ctx.query['cursor'] as string | undefined) ?? null,
  );
  if (page === 'bad_cursor') return fail(badCursor);
  return { body: { items: page.items.map(viewProfile), next_cursor: page.nextCursor } };
};

export const getProfileHandler: Handler = async (ctx) => {
  const p = await profileDeps(ctx.container).profiles.get(ctx.params['id']!);
  return p ? { body: viewProfile(p) } : fail(appError('not_found', `no profile ${ctx.params['id']}`));
};

export const replaceProfileHandler: Handler = async (ctx) => {
  const r = await replaceProfile(
    profileDeps(ctx.container),
    ctx.params['id']!,
    ctx.body as ProfileSettings,
    actorOf(ctx),
  );
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info(
    { profile_id: r.right.id, version: r.right.version, by: ctx.principal?.username },
    'profile replaced',
  );
  return { body: viewProfile(r.right) };
};

export const deleteProfileHandler: Handler = async (ctx) => {
  const r = await deleteProfile(profileDeps(ctx.container), ctx.params['id']!, actorOf(ctx));
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info({ profile_id: ctx.params['id'], by: ctx.principal?.username }, 'profile deleted');
  return { body: { deleted: true } };
};

export const profileEventsHandler: Handler = async (ctx) => {
  const id = ctx.params['id']!;
  const c = ctx.container;
  // Events outlive a deleted profile; an id that never had any is not a profile.
  const page = await eventPage(ctx, c.get<EventLog>(TYPES.Events), {
    kind: 'subject',
    subjectType: 'profile',
    subjectId: id,
  });
  const empty = 'body' in page && (page.body as { items: unknown[] }).items.length === 0;
  if (empty && ctx.query['cursor'] === undefined && !(await profileDeps(c).profiles.get(id)))
    return fail(appError('not_found', `no profile ${id}`));
  return page;
};
