import type { AlertMessage, AlertRule, Dependency, PlannedDelivery } from '../../domain/alerting.js';
import { stateAlert } from '../../domain/alertMessages.js';
import type { Outage } from '../../ports/OutageLog.js';
import type { AlertDeps } from './alertDeps.js';
import { readBudget } from '../budgets/readBudget.js';
import type { DependencyWatch, DownTarget } from './dependencyWatch.js';

type Deps = Pick<
  AlertDeps,
  'executionFigures' | 'pollRounds' | 'queue' | 'workers' | 'random' | 'usage' | 'configs' | 'sessions'
>;

export interface StateRuleSettings {
  /** A worker silent this long is lost (SERVICE_WORKER_STALE_SECONDS, as /ready counts them). */
  readonly workerStaleSeconds: number;
}

/** What one round of the tick knows besides the repositories: checked dependencies, ended outages. */
export interface RoundContext extends StateRuleSettings {
  readonly watch: DependencyWatch;
  readonly outages: readonly Outage[];
}

const labels: Record<Dependency, string> = {
  database: 'database',
  translator: 'translator',
  island_manager: 'island manager',
  login_node: 'login node',
  archive: 'archive',
};

/** One alert a state rule raises now: its message, its dedup key, and a window of its own if any. */
interface Raised {
  readonly message: AlertMessage;
  readonly dedupKey: string;
  readonly windowMinutes?: number;
}

const minutes = (ms: number) => Math.round(ms / 60_000);
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a state rule sees now: the alerts its condition raises (none when it does not hold). */
const evaluate = async (
  deps: Deps,
  rule: AlertRule,
  now: Date,
  ctx: RoundContext,
): Promise<readonly Raised[]> => {
  const c = rule.conditions;
  const where = rule.projectModule ? ` in ${rule.projectModule}` : '';
  if (c.kind === 'pending_too_long') {
    const before = new Date(now.getTime() - c.minutes * 60_000);
    const p = await deps.executionFigures.pendingSince(before, rule.projectModule, 10);
    if (p.count === 0) return [];
    const oldest = p.sample[0]!;
    const message = stateAlert(
      rule,
      `${plural(p.count, 'execution')} asked to run but pending for over ${c.minutes} min${where}`,
      [
        `oldest: ${oldest.id} (${oldest.projectModule}), waiting ${minutes(now.getTime() - oldest.since.getTime())} min`,
        'why each waits: GET /executions/{id}/status (blocking reasons)',
      ],
      {
        count: p.count,
        executions: p.sample.map((x) => ({
          id: x.id,
          project_module: x.projectModule,
          since: x.since.toISOString(),
        })),
      },
      now,
    );
    return [{ message, dedupKey: c.kind }];
  }
  if (c.kind === 'queue_backlog') {
    const q = await deps.queue.stats(now);
    const oldestMinutes = q.oldestQueuedAgeSeconds / 60;
    const deep = c.max_depth !== null && q.queued > c.max_depth;
    const old = c.max_oldest_minutes !== null && oldestMinutes > c.max_oldest_minutes;
    if (!deep && !old) return [];
    const message = stateAlert(
      rule,
      `job queue backlog: ${q.queued} queued, oldest waiting ${Math.round(oldestMinutes)} min`,
      [
        ...(deep ? [`depth ${q.queued} is over ${c.max_depth}`] : []),
        ...(old ? [`the oldest job has waited over ${c.max_oldest_minutes} min`] : []),
        `running: ${q.running}, dead: ${q.dead}`,
      ],
      {
        queued: q.queued,
        running: q.running,
        dead: q.dead,
        oldest_queued_age_seconds: Math.round(q.oldestQueuedAgeSeconds),
      },
      now,
    );
    return [{ message, dedupKey: c.kind }];
  }
  if (c.kind === 'token_expiring') {
    // Each live token is told once, when it comes within `days` of its end: the window outlasts it.
    const soon = now.getTime() + c.days * 86_400_000;
    const tokens = (await deps.sessions.listApiTokens(null)).filter(
      (x) => x.revokedAt === null && x.expiresAt > now && x.expiresAt.getTime() <= soon,
    );
    return tokens.map((x) => {
      const hours = (x.expiresAt.getTime() - now.getTime()) / 3_600_000;
      const left = hours >= 48 ? plural(Math.floor(hours / 24), 'day') : plural(Math.floor(hours), 'hour');
      return {
        dedupKey: `token_expiring:${x.id}`,
        windowMinutes: c.days * 1440 + 1,
        message: stateAlert(
          rule,
          `API token ${x.name} of ${x.username} ends in ${left}`,
          [
            `role: ${x.role}; ends ${x.expiresAt.toISOString()}`,
            `last used: ${x.lastUsedAt ? x.lastUsedAt.toISOString() : 'never'}`,
            `give its program a new one (surveyor token create, as ${x.username}), then revoke this one`,
          ],
          {
            token_id: x.id,
            name: x.name,
            username: x.username,
            role: x.role,
            expires_at: x.expiresAt.toISOString(),
            last_used_at: x.lastUsedAt ? x.lastUsedAt.toISOString() : null,
          },
          now,
        ),
      };
    });
  }
  if (c.kind === 'worker_lost') {
    // Lost within the last cooldown (at least an hour): each lost worker is told once, and a
    // worker that stopped cleanly deregistered and is not here at all.
    const within = Math.max(rule.cooldownMinutes, 60) * 60;
    const lost = await deps.workers.lost(now, ctx.workerStaleSeconds, within);
    return lost.map((w) => ({
      dedupKey: `worker_lost:${w.id}`,
      windowMinutes: Math.max(rule.cooldownMinutes, 60) + 1,
      message: stateAlert(
        rule,
        `worker ${w.hostname} (pid ${w.pid}) lost: no heartbeat for ${minutes(now.getTime() - w.heartbeatAt.getTime())} min`,
        [
          `roles: ${w.roles.join(', ')}`,
          `last heartbeat: ${w.heartbeatAt.toISOString()}`,
          'its jobs are taken over when their leases expire',
        ],
        {
          worker_id: w.id,
          hostname: w.hostname,
          pid: w.pid,
          roles: w.roles,
          heartbeat_at: w.heartbeatAt.toISOString(),
        },
        now,
      ),
    }));
  }
  if (c.kind === 'dependency_down') {
    const before = now.getTime() - c.minutes * 60_000;
    const wants = (d: Dependency) => c.dependencies.includes(d);
    const named = { rest_remote: 'island_manager', batch_remote: 'login_node' } as const;
    const polled: DownTarget[] = (
      wants('island_manager') || wants('login_node')
        ? await deps.pollRounds.unansweredTargets(new Date(before), rule.projectModule)
        : []
    )
      .filter((d) => wants(named[d.kind]))
      .map((d) => ({
        dependency: named[d.kind],
        target: d.target,
        since: d.since,
        detail: `${d.lastError}; ${plural(d.inFlight, 'execution')} running there wait on it (their deadlines still count)`,
      }));
    const checked = [
      ...(wants('translator') ? await ctx.watch.translators(rule.projectModule, now) : []),
      ...(wants('archive') ? await ctx.watch.archives(rule.projectModule, now) : []),
    ].filter((d) => d.since.getTime() <= before);
    const raised: Raised[] = [...polled, ...checked].map((d) => ({
      dedupKey: `dependency_down:${d.dependency}:${d.target}`,
      message: stateAlert(
        rule,
        `${labels[d.dependency]} ${d.target} not answering since ${d.since.toISOString()} (${minutes(now.getTime() - d.since.getTime())} min)`,
        [`last error: ${d.detail}`],
        { dependency: d.dependency, target: d.target, since: d.since.toISOString(), detail: d.detail },
        now,
      ),
    }));
    // The database cannot be reported while it is down: its outages are told once it answers.
    if (wants('database'))
      for (const o of ctx.outages)
        if (o.to.getTime() - o.from.getTime() >= c.minutes * 60_000)
          raised.push({
            dedupKey: `dependency_down:database:${o.from.toISOString()}`,
            message: stateAlert(
              rule,
              `database did not answer from ${o.from.toISOString()} to ${o.to.toISOString()} (${minutes(o.to.getTime() - o.from.getTime())} min)`,
              [`first error: ${o.detail}`, 'it answers again; work resumed where it stopped'],
              {
                dependency: 'database',
                from: o.from.toISOString(),
                to: o.to.toISOString(),
                detail: o.detail,
              },
              now,
            ),
          });
    return raised;
  }
  if (c.kind === 'budget_used') {
    const projects = rule.projectModule
      ? [await deps.configs.active(rule.projectModule)].flatMap((v) => (v ? [v] : []))
      : await deps.configs.allActive();
    const raised: Raised[] = [];
    for (const v of projects) {
      const b = await readBudget(deps, v.projectModule, v.config, now);
      if (!b || b.figures.used < (b.figures.budget * c.percent) / 100) continue;
      const f = b.figures;
      const share = Math.round((f.used / f.budget) * 1000) / 10;
      const unit = f.unit === 'node_hours' ? 'node-hours' : 'CPU-hours';
      const month = f.period_start.slice(0, 7);
      raised.push({
        // Once per project, month and threshold: the window lasts past the month's end.
        dedupKey: `budget_used:${v.projectModule}:${month}:${c.percent}`,
        windowMinutes: 32 * 24 * 60,
        message: stateAlert(
          rule,
          `${v.projectModule} used ${share}% of its ${month} budget (${f.used} of ${f.budget} ${unit})`,
          [
            `threshold: ${c.percent}%`,
            `estimated for runs in flight: ${f.in_flight} ${unit}`,
            `the budget renews at ${f.period_end}; on_exhausted: ${b.budget.on_exhausted}`,
            `usage: GET /projects/${v.projectModule}/usage`,
          ],
          { project_module: v.projectModule, percent: c.percent, share_percent: share, ...f },
          now,
        ),
      });
    }
    return raised;
  }
  if (c.kind === 'daily_summary') {
    if (now.getUTCHours() !== c.hour_utc) return [];
    const since = new Date(now.getTime() - 24 * 3600_000);
    const [ended, pending, q] = await Promise.all([
      deps.executionFigures.endedSince(since, rule.projectModule, 5),
      deps.executionFigures.pendingSince(now, rule.projectModule, 0),
      deps.queue.stats(now),
    ]);
    const n = (state: string) => ended.byState[state] ?? 0;
    const day = now.toISOString().slice(0, 10);
    const message = stateAlert(
      rule,
      `daily summary${where} for ${day}: ${n('completed')} completed, ${n('failed')} failed, ${n('cancelled')} cancelled`,
      [
        'in the last 24 hours:',
        `  completed ${n('completed')}, failed ${n('failed')}, cancelled ${n('cancelled')}`,
        `now: ${pending.count} pending (asked to run), ${q.queued} jobs queued, ${q.running} running, ${q.dead} dead`,
        ...(ended.failed.length > 0 ? ['latest failures:'] : []),
        ...ended.failed.map((f) => `  ${f.id} (${f.projectModule}): ${f.error ?? 'no reason recorded'}`),
      ],
      { day, ended: ended.byState, failed: ended.failed, pending: pending.count, queue: q },
      now,
    );
    // One per day, whatever the cooldown.
    return [{ message, dedupKey: `daily_summary:${day}`, windowMinutes: 24 * 60 }];
  }
  return [];
};

/** The state rules' alerts now, each to every channel of its rule. */
export const evaluateStateRules = async (
  deps: Deps,
  rules: readonly AlertRule[],
  now: Date,
  ctx: RoundContext,
): Promise<readonly PlannedDelivery[]> => {
  const planned: PlannedDelivery[] = [];
  for (const rule of rules)
    for (const r of await evaluate(deps, rule, now, ctx))
      for (const channelId of rule.channelIds)
        planned.push({
          id: deps.random.uuid(),
          rule,
          channelId,
          dedupKey: r.dedupKey,
          message: r.message,
          ...(r.windowMinutes !== undefined ? { windowMinutes: r.windowMinutes } : {}),
        });
  return planned;
};
