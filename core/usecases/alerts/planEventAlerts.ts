import type { PlannedDelivery } from '../../domain/alerting.js';
import { eventAlert } from '../../domain/alertMessages.js';
import type { FiredEvent } from '../../ports/AlertDeliveries.js';
import type { Random } from '../../ports/Random.js';

/**
 * An account audit event's dedup key: each change an admin made is told (a second role change
 * inside the cooldown is news), but logins held back fold by the cooldown, per account guessed at
 * and for every address at once, so guessing from a thousand addresses is one alert, not a
 * thousand (the rest counted as suppressed).
 */
const accountKey = (e: FiredEvent['event']) =>
  e.kind === 'address.login_held_back'
    ? e.kind
    : e.kind === 'user.login_held_back'
      ? `${e.kind}:${e.subjectId}`
      : `${e.kind}:${e.subjectId}:${e.id}`;

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
        dedupKey: c.kind === 'account_changed' ? accountKey(f.event) : `${f.event.kind}:${f.event.subjectId}`,
        message,
      }));
    });
