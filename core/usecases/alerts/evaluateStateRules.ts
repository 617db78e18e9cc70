import type { AlertRule, PlannedDelivery } from '../../domain/alerting.js';
import { stateAlert } from '../../domain/alertMessages.js';
import type { AlertDeps } from './alertDeps.js';

type Deps = Pick<AlertDeps, 'executions' | 'queue' | 'random'>;

const minutes = (ms: number) => Math.round(ms / 60_000);

/** What a state rule sees now: an alert when its condition holds, else null. */
const evaluate = async (deps: Deps, rule: AlertRule, now: Date) => {
  const c = rule.conditions;
  if (c.kind === 'pending_too_long') {
    const before = new Date(now.getTime() - c.minutes * 60_000);
    const p = await deps.executions.pendingSince(before, rule.projectModule, 10);
    if (p.count === 0) return null;
    const oldest = p.sample[0]!;
    return stateAlert(
      rule,
      `${p.count} execution${p.count === 1 ? '' : 's'} asked to run but pending for over ${c.minutes} min${rule.projectModule ? ` in ${rule.projectModule}` : ''}`,
      [
        `oldest: ${oldest.id} (${oldest.projectModule}), waiting ${minutes(now.getTime() - oldest.since.getTime())} min`,
        'why each waits: GET /executions/{id}/status (blocking reasons)',
      ],
      {
        count: p.count,
        executions: p.sample.map((s) => ({
          id: s.id,
          project_module: s.projectModule,
          since: s.since.toISOString(),
        })),
      },
      now,
    );
  }
  if (c.kind === 'queue_backlog') {
    const s = await deps.queue.stats(now);
    const oldestMinutes = s.oldestQueuedAgeSeconds / 60;
    const deep = c.max_depth !== null && s.queued > c.max_depth;
    const old = c.max_oldest_minutes !== null && oldestMinutes > c.max_oldest_minutes;
    if (!deep && !old) return null;
    return stateAlert(
      rule,
      `job queue backlog: ${s.queued} queued, oldest waiting ${Math.round(oldestMinutes)} min`,
      [
        ...(deep ? [`depth ${s.queued} is over ${c.max_depth}`] : []),
        ...(old ? [`the oldest job has waited over ${c.max_oldest_minutes} min`] : []),
        `running: ${s.running}, dead: ${s.dead}`,
      ],
      {
        queued: s.queued,
        running: s.running,
        dead: s.dead,
        oldest_queued_age_seconds: Math.round(s.oldestQueuedAgeSeconds),
      },
      now,
    );
  }
  return null;
};

/** The state rules' alerts now: one per rule whose condition holds, to each of its channels. */
export const evaluateStateRules = async (
  deps: Deps,
  rules: readonly AlertRule[],
  now: Date,
): Promise<readonly PlannedDelivery[]> => {
  const planned: PlannedDelivery[] = [];
  for (const rule of rules) {
    const message = await evaluate(deps, rule, now);
    if (!message) continue;
    for (const channelId of rule.channelIds)
      planned.push({ id: deps.random.uuid(), rule, channelId, dedupKey: rule.conditions.kind, message });
  }
  return planned;
};
