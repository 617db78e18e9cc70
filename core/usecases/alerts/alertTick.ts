import type { Tick, TickReport } from '../../ports/Tick.js';
import type { AlertDeps } from './alertDeps.js';
import { dependencyWatch } from './dependencyWatch.js';
import { evaluateStateRules, type StateRuleSettings } from './evaluateStateRules.js';
import { planEventAlerts } from './planEventAlerts.js';

/** Outbox rows taken per transaction; a tick takes batches until the outbox is empty or this many. */
const batch = 500;
const maxPerTick = 5000;

/**
 * The leader's alert tick: the outbox's events become deliveries (their jobs queued in the same
 * transaction), then the state rules are evaluated. A crash anywhere leaves the outbox rows for the
 * next tick; the cooldown, applied where deliveries are stored, keeps repeats out.
 */
export const alertTick = (deps: AlertDeps, everySeconds: number, settings: StateRuleSettings): Tick => {
  const watch = dependencyWatch(deps);
  return {
    name: 'alerts',
    everySeconds,
    async run(now): Promise<TickReport> {
      let taken = 0;
      let created = 0;
      let suppressed = 0;
      const plan = planEventAlerts(deps.random);
      while (taken < maxPerTick) {
        const r = await deps.deliveries.dispatchOutbox(batch, now, plan);
        taken += r.taken;
        created += r.created;
        suppressed += r.suppressed;
        if (r.taken < batch) break;
      }
      const abandoned = await deps.deliveries.failAbandoned(now);
      const rules = await deps.alerts.stateRules();
      const outages = deps.outages.takeEnded();
      const planned = await evaluateStateRules(deps, rules, now, { ...settings, watch, outages });
      const s = planned.length > 0 ? await deps.deliveries.fire(planned, now) : { created: 0, suppressed: 0 };
      return {
        counts: {
          events_taken: taken,
          deliveries: created + s.created,
          suppressed: suppressed + s.suppressed,
          state_rules: rules.length,
          abandoned,
        },
        warnings:
          abandoned > 0
            ? [`${abandoned} alert deliveries failed: their job ended before they were settled`]
            : [],
      };
    },
  };
};
