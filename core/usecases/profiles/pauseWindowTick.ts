import { noProject } from '../../domain/event.js';
import { isoTime } from '../../domain/isoTime.js';
import { type ProfilePause, untoldChanges, type WindowChange } from '../../domain/profilePause.js';
import type { ProfilePauses } from '../../ports/ProfilePauses.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { Tick } from '../../ports/Tick.js';

export interface PauseWindowDeps {
  readonly pauses: Pick<ProfilePauses, 'all' | 'tell'>;
  readonly profiles: Pick<ProfileRepository, 'get'>;
}

const kinds: Record<WindowChange, string> = { began: 'profile.pause_began', ended: 'profile.pause_ended' };

/**
 * Tells what windows did by themselves (scheduler only): a pause set ahead that began, one with
 * an end that ended, each once, as a profile event (`profile.pause_began`, `profile.pause_ended`)
 * that `profile_paused` alert rules hear. What a pause holds does not wait for this: admission and
 * runs judge the window at their own time; this is what people are told. One read of the pauses
 * a tick (they are few), and a write only for a change to tell.
 */
export const pauseWindowTick = (deps: PauseWindowDeps, everySeconds: number): Tick => ({
  name: 'pause_windows',
  everySeconds,
  async run(now) {
    let told = 0;
    for (const pause of await deps.pauses.all())
      for (const change of untoldChanges(pause, now)) if (await tell(deps, pause, change, now)) told++;
    return { counts: { told }, warnings: [] };
  },
});

const tell = async (deps: PauseWindowDeps, p: ProfilePause, change: WindowChange, now: Date) => {
  const profile = await deps.profiles.get(p.profileId);
  if (!profile) return false; // deleted meanwhile: its pause went with it
  return deps.pauses.tell(
    p.profileId,
    p.at,
    change,
    {
      projectModule: profile.project_module ?? noProject,
      subjectType: 'profile',
      subjectId: profile.id,
      kind: kinds[change],
      payload: {
        name: profile.name,
        project_module: profile.project_module,
        reason: p.reason,
        paused_by: p.by,
        from: isoTime(p.from),
        until: p.until === null ? null : isoTime(p.until),
      },
      actor: null,
    },
    now,
  );
};
