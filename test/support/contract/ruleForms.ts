// The rules PostgreSQL applies in SQL for speed, held case by case to the domain function that
// states each: a table of cases goes through the function and through the store, and the two must
// give the same answer for every case (the memory store calls the function; PostgreSQL has its own
// SQL). An alert rule hearing an event (`ruleHears`), the alert cooldown (`insideCooldown`), and
// automation's retry rule (`automationHold`).
import {
  type AlertRule,
  insideCooldown,
  type PlannedDelivery,
  ruleHears,
} from '../../../core/domain/alerting.js';
import {
  type AutomationRetryPolicy,
  automationHold,
  retryRule,
} from '../../../core/domain/automationRetry.js';
import type { FiredEvent } from '../../../core/ports/AlertDeliveries.js';
import {
  at,
  discovered,
  ev,
  execution,
  module,
  type Repositories,
  type Rule,
  sourcesNamed,
  stored,
  t0,
  uploaded,
  uuid,
  webhookChannel,
} from './base.js';

const channelOf = async (r: Repositories) => {
  const channel = webhookChannel(`hook-${uuid().slice(-4)}`);
  if ((await r.alerts.insertChannel(channel)) !== 'ok') throw new Error('channel not stored');
  return channel;
};

const ruleOf = (name: string, channel: string, over: Partial<AlertRule> = {}): AlertRule => ({
  id: uuid(),
  name,
  enabled: true,
  projectModule: null,
  conditions: { kind: 'execution_ended', states: ['failed'], profile_name: null },
  channelIds: [channel],
  cooldownMinutes: 60,
  version: 1,
  createdAt: t0,
  updatedAt: t0,
  ...over,
});

const planned = (rule: AlertRule, channelId: string, dedupKey: string, windowMinutes?: number) => ({
  id: uuid(),
  rule,
  channelId,
  dedupKey,
  message: {
    type: 'alert' as const,
    subject: dedupKey,
    text: '',
    rule: null,
    details: {},
    occurred_at: t0.toISOString(),
  },
  ...(windowMinutes === undefined ? {} : { windowMinutes }),
});

export const ruleFormsContract: Record<string, Rule> = {
  'rule forms: an event reaches the outbox of exactly the rules ruleHears says hear it': async (t, r) => {
    const channel = await channelOf(r);
    const other = 'another_project';
    const rules: [AlertRule, string[]][] = [
      [ruleOf('any project', channel.id), ['execution.failed']],
      [
        ruleOf('this project', channel.id, { projectModule: module }),
        ['execution.failed', 'execution.completed'],
      ],
      [ruleOf('disabled', channel.id, { enabled: false }), ['execution.failed']],
      [ruleOf('the other project', channel.id, { projectModule: other }), ['execution.failed']],
      [ruleOf('no kinds', channel.id), []],
    ];
    for (const [rule, kinds] of rules) t.is(await r.alerts.insertRule(rule, kinds), 'ok');
    const events = [
      { kind: 'execution.failed', projectModule: module },
      { kind: 'execution.completed', projectModule: module },
      { kind: 'execution.failed', projectModule: other },
      { kind: 'execution.completed', projectModule: other },
      { kind: 'source.changed', projectModule: module },
    ];
    const subjects = events.map(() => uuid());
    for (const [i, e] of events.entries())
      await r.events.append({ ...ev(subjects[i]!, e.kind, 'execution'), projectModule: e.projectModule }, t0);
    const heard: string[] = [];
    const plan = (fired: readonly FiredEvent[]): PlannedDelivery[] => {
      for (const f of fired) heard.push(`${f.rule.name} <- ${subjects.indexOf(f.event.subjectId)}`);
      return [];
    };
    for (let round = 0; round < 10; round++)
      if ((await r.deliveries.dispatchOutbox(100, t0, plan)).taken === 0) break;
    const expected = rules.flatMap(([rule, kinds]) =>
      events.flatMap((e, i) => (ruleHears(rule, kinds, e) ? [`${rule.name} <- ${i}`] : [])),
    );
    t.deepEqual(heard.sort(), expected.sort());
    t.true(expected.length > 0 && expected.length < rules.length * events.length, 'the cases go both ways');
  },

  'rule forms: a repeat folds into a delivery exactly when insideCooldown says it is inside the window':
    async (t, r) => {
      const channel = await channelOf(r);
      const rule = ruleOf('cooldown', channel.id, { cooldownMinutes: 60 });
      t.is(await r.alerts.insertRule(rule, ['execution.failed']), 'ok');
      const hour = 3_600_000;
      const cases: { after: number; window?: number }[] = [
        { after: 0 },
        { after: 1 },
        { after: hour - 1 },
        { after: hour },
        { after: hour + 1 },
        { after: 24 * hour - 1, window: 1440 },
        { after: 24 * hour, window: 1440 },
        { after: 1, window: 0 },
      ];
      const outcomes = new Set<boolean>();
      for (const [i, c] of cases.entries()) {
        const key = `case-${i}`;
        t.like(await r.deliveries.fire([planned(rule, channel.id, key, c.window)], t0), { created: 1 });
        const now = new Date(t0.getTime() + c.after);
        const folds = insideCooldown(t0, now, c.window ?? rule.cooldownMinutes);
        outcomes.add(folds);
        t.like(
          await r.deliveries.fire([planned(rule, channel.id, key, c.window)], now),
          folds ? { created: 0, suppressed: 1 } : { created: 1, suppressed: 0 },
          `${c.after} ms after, window ${c.window ?? rule.cooldownMinutes} min`,
        );
      }
      t.deepEqual([...outcomes].sort(), [false, true], 'the cases go both ways');
    },

  'rule forms: automation runs a source exactly when automationHold holds nothing back, and tells exactly the held':
    async (t, r) => {
      await uploaded(r);
      await uploaded(r, 'h2', at(1));
      const ended = at(10_000);
      const failures: Record<string, number> = { none: 0, one: 1, two: 2, three: 3, eight: 8 };
      const ids = await sourcesNamed(r, Object.keys(failures));
      for (const [name, n] of Object.entries(failures)) {
        await discovered(r, ids[name]!, 'a', {}, at(1));
        for (let k = n; k >= 1; k--) {
          const end = new Date(ended.getTime() - (k - 1) * 1000);
          await stored(
            r,
            execution({
              configVersion: 2,
              sourceIds: [ids[name]!],
              state: 'failed',
              createdBy: 'scheduler',
              createdAt: new Date(end.getTime() - 100_000),
              finishedAt: end,
            }),
          );
        }
      }
      const minute = 60_000;
      const after = (ms: number) => new Date(ended.getTime() + ms);
      const cases: [AutomationRetryPolicy, Date][] = [
        // The wait doubles per failure: 30 min after one, 60 after two; three is the most.
        [{ max_failed_runs: 3, retry_wait_minutes: 30 }, after(30 * minute - 1)],
        [{ max_failed_runs: 3, retry_wait_minutes: 30 }, after(30 * minute)],
        [{ max_failed_runs: 3, retry_wait_minutes: 30 }, after(60 * minute - 1)],
        [{ max_failed_runs: 3, retry_wait_minutes: 30 }, after(60 * minute)],
        // Capped at a day (30 × 2⁷ would be 64 hours) ...
        [{ max_failed_runs: 20, retry_wait_minutes: 30 }, after(1440 * minute - 1)],
        [{ max_failed_runs: 20, retry_wait_minutes: 30 }, after(1440 * minute)],
        // ... or at the first wait when that is longer than a day.
        [{ max_failed_runs: 5, retry_wait_minutes: 2000 }, after(2000 * minute - 1)],
        [{ max_failed_runs: 5, retry_wait_minutes: 2000 }, after(2000 * minute)],
      ];
      const outcomes = new Set<string>();
      for (const [policy, now] of cases) {
        const rule = retryRule(policy, 2, now);
        const hold = (name: string) => {
          const n = failures[name]!;
          return automationHold(
            n === 0 ? null : { count: n, lastAt: ended, lastExecutionId: '' },
            policy,
            now,
          );
        };
        const names = Object.keys(failures);
        for (const name of names) outcomes.add(hold(name)?.kind ?? 'free');
        const byId = (xs: readonly { sourceIdentifier: string }[]) =>
          xs.map((x) => x.sourceIdentifier).sort();
        const label = `max ${policy.max_failed_runs}, wait ${policy.retry_wait_minutes} min, at ${now.toISOString()}`;
        t.deepEqual(
          byId(await r.admissions.sourcesToProcess(module, [], 50, rule)),
          names.filter((name) => hold(name) === null).sort(),
          `runs, ${label}`,
        );
        t.deepEqual(
          byId(await r.admissions.heldUntold(module, rule, 50)),
          names.filter((name) => hold(name)?.kind === 'held').sort(),
          `held, ${label}`,
        );
      }
      t.deepEqual([...outcomes].sort(), ['free', 'held', 'waiting'], 'the cases go every way');
    },
};
