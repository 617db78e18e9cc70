import type { HealthProbe } from '../../core/ports/HealthProbe.js';

/** A probe that fails instead of hanging when its dependency does not answer in time. */
export const withTimeout = (probe: HealthProbe, ms: number): HealthProbe => ({
  name: probe.name,
  check: (now) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    });
    return Promise.race([probe.check(now), timeout]).finally(() => clearTimeout(timer));
  },
});
