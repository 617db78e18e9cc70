import type { Dependency } from '../../domain/alerting.js';
import type { Archive } from '../../ports/Archive.js';
import type { ProfileRepository } from '../../ports/ProfileRepository.js';
import type { ProjectConfigRepository } from '../../ports/ProjectConfigRepository.js';
import type { Translator } from '../../ports/Translator.js';
import { pingArchive } from '../archives/pingArchive.js';

export interface WatchDeps {
  readonly translator: Translator;
  readonly archive: Archive;
  readonly configs: ProjectConfigRepository;
  readonly profiles: ProfileRepository;
}

/** A dependency found not answering, and since when (the first failed check of this run of them). */
export interface DownTarget {
  readonly dependency: Dependency;
  readonly target: string;
  readonly since: Date;
  readonly detail: string;
}

/** Each target is checked at most this often, whatever the tick's interval. */
const checkEveryMs = 60_000;
/** A check that does not answer in this long is a failed check. */
const checkTimeoutMs = 10_000;
/** Most distinct translators and archives checked per round (the rest wait for the next). */
const maxTargets = 20;

/**
 * Checks the translators that profiles name and the archives that active configurations name, as
 * `surveyor profile ping` and `surveyor archive ping` do, for dependency_down rules. What it learns
 * (since when a target has failed) is kept in the leader's memory: a new leader starts counting
 * again, so a dependency already down is reported up to `minutes` later after a failover.
 */
export const dependencyWatch = (deps: WatchDeps) => {
  const state = new Map<string, { since: Date | null; detail: string; checkedAt: number }>();

  const check = async (
    key: string,
    now: Date,
    run: (signal: AbortSignal) => Promise<{ ok: boolean; detail: string }>,
  ) => {
    const s = state.get(key);
    if (s && now.getTime() - s.checkedAt < checkEveryMs) return s;
    const r = await run(AbortSignal.timeout(checkTimeoutMs)).catch((e: Error) => ({
      ok: false,
      detail: e.message,
    }));
    const next = { since: r.ok ? null : (s?.since ?? now), detail: r.detail, checkedAt: now.getTime() };
    state.set(key, next);
    return next;
  };

  const down = (
    dependency: Dependency,
    target: string,
    s: { since: Date | null; detail: string },
  ): DownTarget[] => (s.since ? [{ dependency, target, since: s.since, detail: s.detail }] : []);

  return {
    /** The translators of a project's profiles and the global ones (every profile without one). */
    async translators(projectModule: string | null, now: Date): Promise<DownTarget[]> {
      const profiles = await deps.profiles.list(projectModule ?? undefined);
      const byUrl = new Map(
        profiles.map((p) => [p.translation.tm_url ?? '(default translator)', p.translation]),
      );
      const out: DownTarget[] = [];
      for (const [url, settings] of [...byUrl].slice(0, maxTargets)) {
        const s = await check(`translator ${url}`, now, async (signal) => {
          const c = await deps.translator.ping(settings, signal);
          return { ok: c.ok, detail: c.detail };
        });
        out.push(...down('translator', url, s));
      }
      return out;
    },
    /** The archives a project's active configuration names (every project's without one). */
    async archives(projectModule: string | null, now: Date): Promise<DownTarget[]> {
      const active = (await deps.configs.allActive()).filter(
        (v) => projectModule === null || v.projectModule === projectModule,
      );
      const archives = active.flatMap((v) =>
        Object.keys(v.config.archives).map((name) => [v.projectModule, name] as const),
      );
      const out: DownTarget[] = [];
      for (const [project, name] of archives.slice(0, maxTargets)) {
        const s = await check(`archive ${project}/${name}`, now, async (signal) => {
          const r = await pingArchive(deps, project, name, signal);
          if (!r.found) return { ok: true, detail: r.message };
          const failed = r.checks.filter((c) => !c.ok);
          return { ok: failed.length === 0, detail: failed.map((c) => `${c.name}: ${c.detail}`).join('; ') };
        });
        out.push(...down('archive', `${name} (${project})`, s));
      }
      return out;
    },
  };
};

export type DependencyWatch = ReturnType<typeof dependencyWatch>;
