import type { PlannedDelivery } from '../../domain/alerting.js';
import { eventAlert } from '../../domain/alertMessages.js';
import type { FiredEvent } from '../../ports/AlertDeliveries.js';
import type { Random } from '../../ports/Random.js';

/**
 * The deliveries the events in the outbox fire: one per rule and channel, unless a filter the
 * recording statement could not apply (the execution's profile) says no. Same event, same rule:
 * the same dedup key, so a cooldown folds repeats of one subject into one delivery.
 */
export const planEventAlerts =
  (random: Random) =>
  (fired: readonly FiredEvent[]): readonly PlannedDelivery[] =>
    fired.flatMap((f) => {
      const c = f.rule.conditions;
      if (c.kind === 'execution_ended' && c.profile_name !== null && c.profile_name !== f.profileName)
        return [];
      const message = eventAlert(f.rule, f.event, { profileName: f.profileName });
      return f.rule.channelIds.map((channelId) => ({
        id: random.uuid(),
        rule: f.rule,
        channelId,
        // Each account change is told (a second role change inside the cooldown is news).
        dedupKey:
          c.kind === 'account_changed'
            ? `${f.event.kind}:${f.event.subjectId}:${f.event.id}`
            : `${f.event.kind}:${f.event.subjectId}`,
        message,
      }));
    });
