import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../errors.js';
import { type DeploymentProfile, type ProfileSettings, viewProfile } from '../domain/profile.js';
import { holdingPause, type ProfilePause, viewPause } from '../domain/profilePause.js';
import { type PauseRequest, pauseProfile, resumeProfile } from '../usecases/profiles/pauseProfile.js';
import {
  type Actor,
  createProfile,
  deleteProfile,
  replaceProfile,
} from '../usecases/profiles/saveProfile.js';
import type { EventLog } from '../ports/EventLog.js';
import type { DeploymentBackends } from '../ports/DeploymentBackend.js';
import type { Translator } from '../ports/Translator.js';
import { checkProfile, pingProfile } from '../usecases/profiles/pingProfile.js';
import type { SurveyorDeps } from './deps.js';
import { badCursor, defaultPageSize, type EventPageRequest, eventPage, type PageRequest } from './pages.js';

const noProfile = (id: string) => appError('not_found', `no profile ${id}`);
/** Deployment profiles: where and how executions run. Code fields and global profiles need an admin. */
export const profileOperations = (d: SurveyorDeps, events: EventLog) => {
  /** The executions that wait on these profiles' pauses, read only for those that hold. */
  const waitingOn = async (pauses: readonly (ProfilePause | null)[], now: Date) => {
    const ids = pauses.flatMap((x) => (holdingPause(x, now) ? [x!.profileId] : []));
    return ids.length > 0 ? d.profiles.executionFigures.waitingOn(ids) : new Map<string, number>();
  };
  /** Profiles as the API shows them: their settings, and their pauses (null: none, or over). */
  const withPauses = async (items: readonly { profile: DeploymentProfile; pause: ProfilePause | null }[]) => {
    const now = d.profiles.clock.now();
    const waiting = await waitingOn(
      items.map((x) => x.pause),
      now,
    );
    return items.map(({ profile, pause }) => ({
      ...viewProfile(profile),
      paused: viewPause(pause, now, waiting.get(profile.id) ?? 0),
    }));
  };
  const withPause = async (profile: DeploymentProfile, pause: ProfilePause | null) =>
    (await withPauses([{ profile, pause }]))[0]!;
  return {
    create: async (settings: ProfileSettings, actor: Actor) => {
      const r = await createProfile(d.profiles, settings, actor);
      return E.isLeft(r) ? r : E.right(await withPause(r.right, null));
    },
    replace: async (id: string, settings: ProfileSettings, actor: Actor) => {
      const r = await replaceProfile(d.profiles, id, settings, actor);
      return E.isLeft(r) ? r : E.right(await withPause(r.right, await d.profiles.pauses.of(id)));
    },
    delete: async (id: string, actor: Actor) =>
      E.map(() => ({ deleted: true as const }))(await deleteProfile(d.profiles, id, actor)),
    get: async (id: string) => {
      const p = await d.profiles.profiles.get(id);
      return p ? E.right(await withPause(p, await d.profiles.pauses.of(id))) : E.left(noProfile(id));
    },
    /** Holds every run that would submit with the profile while the pause holds; `reason` says why. */
    pause: async (id: string, request: PauseRequest, actor: Actor) => {
      const r = await pauseProfile(d.profiles, id, request, actor);
      return E.isLeft(r) ? r : E.right(await withPause(r.right.profile, r.right.pause));
    },
    resume: async (id: string, actor: Actor) => {
      const r = await resumeProfile(d.profiles, id, actor);
      return E.isLeft(r) ? r : E.right(await withPause(r.right, null));
    },
    /** A project's profiles and the global ones; all of them without `projectModule`. */
    list: async (projectModule: string | undefined, page: PageRequest = {}) => {
      const p = await d.profiles.profiles.page(
        projectModule,
        page.limit ?? defaultPageSize,
        page.cursor ?? null,
      );
      if (p === 'bad_cursor') return E.left(badCursor);
      const paused = new Map((await d.profiles.pauses.all()).map((x) => [x.profileId, x]));
      return E.right({
        items: await withPauses(p.items.map((x) => ({ profile: x, pause: paused.get(x.id) ?? null }))),
        next_cursor: p.nextCursor,
      });
    },
    /** Checks from this process that the profile's translator and backend answer (reads only). */
    ping: async (id: string, signal?: AbortSignal) => {
      const p = await d.profiles.profiles.get(id);
      if (!p) return E.left(noProfile(id));
      const r = await checkProfile(d.profiles, p, signal);
      return E.right({
        profile: { id: p.id, name: p.name, kind: p.deployment.kind, version: p.version },
        ok: r.ok,
        checks: r.checks.map((c) => ({ name: c.name, ok: c.ok, detail: c.detail })),
      });
    },
    /**
     * The same checks by the profile's name (the project's, else a global one), with the translator
     * and backends the caller gives: `surveyor profile ping` uses the real ones, whatever the
     * service runs on.
     */
    pingByName: (
      parts: { readonly translator: Translator; readonly backends: DeploymentBackends },
      name: string,
      projectModule: string | null,
    ) => pingProfile({ profiles: d.profiles.profiles, ...parts }, name, projectModule),
    events: async (id: string, page: EventPageRequest = {}) => {
      // Events outlive a deleted profile; an id that never had any is not a profile.
      const r = await eventPage(events, { kind: 'subject', subjectType: 'profile', subjectId: id }, page);
      if (
        E.isRight(r) &&
        r.right.items.length === 0 &&
        page.cursor === undefined &&
        !(await d.profiles.profiles.get(id))
      )
        return E.left(noProfile(id));
      return r;
    },
  };
};
