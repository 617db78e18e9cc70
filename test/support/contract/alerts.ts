// The repository contract's rules for alerts: the outbox, dispatch, cooldown and pruning (repositoryContract.ts runs them on both stores).
import type { AlertRule, PlannedDelivery } from '../../../core/domain/alerting.js';
import type { FiredEvent } from '../../../core/ports/AlertDeliveries.js';
import { t0, at, day, uuid, module, ev, type Rule, webhookChannel } from './base.js';

export const alertsContract: Record<string, Rule> = {
  'alerts: events fill the outbox as they are recorded; dispatch applies the cooldown; prune takes ended deliveries':
    async (t, r) => {
      const channel = webhookChannel();
      t.is(await r.alerts.insertChannel(channel), 'ok');
      const rule: AlertRule = {
        id: uuid(),
        name: 'failures',
        enabled: true,
        projectModule: module,
        conditions: { kind: 'execution_ended', states: ['failed'], profile_name: null },
        channelIds: [channel.id],
        cooldownMinutes: 60,
        version: 1,
        createdAt: t0,
        updatedAt: t0,
      };
      t.is(await r.alerts.insertRule(rule, ['execution.failed']), 'ok');
      const x = uuid();
      const record = (kind: string, project = module, when = t0) =>
        r.events.append({ ...ev(x, kind, 'execution'), projectModule: project }, when);
      const plan = (fired: readonly FiredEvent[]): PlannedDelivery[] =>
        fired.map((f) => ({
          id: uuid(),
          rule: f.rule,
          channelId: channel.id,
          dedupKey: `${f.event.kind}:${f.event.subjectId}`,
          message: {
            type: 'alert',
            subject: f.event.kind,
            text: '',
            rule: null,
            details: {},
            occurred_at: f.event.createdAt.toISOString(),
          },
        }));
      await record('execution.failed');
      await record('execution.completed');
      await record('execution.failed', 'another_project');
      t.like(await r.deliveries.dispatchOutbox(10, t0, plan), { taken: 1, created: 1, suppressed: 0 });
      t.like(await r.deliveries.dispatchOutbox(10, t0, plan), { taken: 0, created: 0 });
      await record('execution.failed', module, at(60));
      t.like(await r.deliveries.dispatchOutbox(10, at(60), plan), { taken: 1, created: 0, suppressed: 1 });
      await record('execution.failed', module, at(2 * 3600));
      t.like(await r.deliveries.dispatchOutbox(10, at(2 * 3600), plan), { taken: 1, created: 1 });
      // A disabled rule fires nothing.
      t.is(
        await r.alerts.replaceRule({ ...rule, enabled: false, version: 2 }, ['execution.failed'], 1),
        'ok',
      );
      await record('execution.failed', module, at(3 * 3600));
      t.like(await r.deliveries.dispatchOutbox(10, at(3 * 3600), plan), { taken: 0 });
      const page = await r.deliveries.pageDeliveries({ ruleId: rule.id }, 10, null);
      if (page === 'bad_cursor') throw new Error('bad cursor');
      t.deepEqual(
        page.items.map((d) => [d.state, d.suppressed, d.createdAt.toISOString()]),
        [
          ['pending', 0, at(2 * 3600).toISOString()],
          ['pending', 1, t0.toISOString()],
        ],
      );
      // Each delivery's job is queued; a delivery whose job ended unsettled is failed.
      t.is(await r.deliveries.failAbandoned(at(4 * 3600)), 0);
      const [job] = await r.queue.claim('w', ['alert.deliver'], 1, 60, at(4 * 3600));
      t.truthy(job);
      await r.queue.fail(job!.lease, 'gone', null, at(4 * 3600));
      t.is(await r.deliveries.failAbandoned(at(4 * 3600)), 1);
      // A channel rules send to is kept; ended deliveries go after the retention.
      t.deepEqual(await r.alerts.deleteChannel(channel.id), { usedBy: ['failures'] });
      const prune = (days: number) =>
        r.maintenance.prune(at(40 * day), {
          eventsDays: 0,
          accountEventsDays: 0,
          executionsDays: 0,
          artifactsDays: 0,
          finishedJobsDays: 0,
          deadJobsDays: 0,
          configVersionsKept: 0,
          alertDeliveriesDays: days,
        });
      t.is((await prune(60)).alertDeliveries, 0);
      t.is((await prune(30)).alertDeliveries, 1);
    },
};
