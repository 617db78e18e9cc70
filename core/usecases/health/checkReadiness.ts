import type { HealthProbe, ProbeResult } from '../../ports/HealthProbe.js';

export interface Readiness {
  readonly ready: boolean;
  readonly failing: readonly string[];
  readonly checks: Readonly<Record<string, ProbeResult>>;
}

/** Runs every probe; a probe that throws counts as failing with its message. */
export const checkReadiness = async (probes: readonly HealthProbe[], now: Date): Promise<Readiness> => {
  const results = await Promise.all(
    probes.map(async (p): Promise<[string, ProbeResult]> => {
      try {
        return [p.name, await p.check(now)];
      } catch (err) {
        return [p.name, { ok: false, detail: err instanceof Error ? err.message : String(err) }];
      }
    }),
  );
  const failing = results.filter(([, r]) => !r.ok).map(([n]) => n);
  return { ready: failing.length === 0, failing, checks: Object.fromEntries(results) };
};
