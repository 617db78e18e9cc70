import type { Lease } from '../../core/domain/job.js';
import { deliverJob, deliverJobKey } from '../../core/usecases/alerts/deliverJob.js';
import {
  byCodePoint,
  decodeCursor,
  encodeCursor,
  json,
  leaseHeld,
  type MemoryStore,
  pageAfter,
} from './store.js';
import {
  type AlertDelivery,
  insideCooldown,
  type PlannedDelivery,
  type SendOutcome,
} from '../../core/domain/alerting.js';
import type {
  AttemptStart,
  DeliveryFilter,
  FiredEvent,
  FireResult,
} from '../../core/ports/AlertDeliveries.js';
import type { AlertDeliveries } from '../../core/ports/AlertDeliveries.js';

export class MemoryAlertDeliveries implements AlertDeliveries {
  constructor(private readonly store: MemoryStore) {}

  async figures(now: Date) {
    const all = [...this.store.deliveries.values()];
    const count = new Map<string, number>();
    for (const d of all)
      count.set(`${d.channelKind}|${d.state}`, (count.get(`${d.channelKind}|${d.state}`) ?? 0) + 1);
    const recent = all.filter(
      (d) => d.endedAt && now.getTime() - d.endedAt.getTime() < 3_600_000 && d.lastLatencyMs !== null,
    );
    const quantile = (xs: number[], q: number) => {
      const s = [...xs].sort((a, b) => a - b);
      const i = (s.length - 1) * q;
      return (s[Math.floor(i)]! + (s[Math.ceil(i)]! - s[Math.floor(i)]!) * (i - Math.floor(i))) / 1000;
    };
    const kinds = [...new Set(recent.map((d) => d.channelKind))];
    const firing = new Map<string, number>();
    for (const { rule } of this.store.rules.values())
      if (
        rule.enabled &&
        all.some((d) => d.ruleId === rule.id && insideCooldown(d.createdAt, now, rule.cooldownMinutes))
      )
        firing.set(rule.conditions.kind, (firing.get(rule.conditions.kind) ?? 0) + 1);
    return {
      deliveries: [...count].map(([k, n]) => {
        const [channelKind, state] = k.split('|') as [string, string];
        return { channelKind, state, count: n };
      }),
      latency: kinds.map((k) => {
        const xs = recent.filter((d) => d.channelKind === k).map((d) => d.lastLatencyMs!);
        return { channelKind: k, p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) };
      }),
      firing: [...firing].map(([ruleKind, n]) => ({ ruleKind, count: n })),
    };
  }

  async dispatchOutbox(
    limit: number,
    now: Date,
    plan: (fired: readonly FiredEvent[]) => readonly PlannedDelivery[],
  ) {
    const rows = this.store.outbox.splice(0, limit);
    const fired: FiredEvent[] = rows.flatMap((o) => {
      const rule = this.store.rules.get(o.ruleId)?.rule;
      const event = this.store.events.find((e) => e.id === o.eventId);
      if (!rule?.enabled || !event) return [];
      const execution =
        event.subjectType === 'execution' ? this.store.executions.get(event.subjectId) : undefined;
      return [{ outboxId: o.id, rule, event, profileName: execution?.profileSnapshot.name ?? null }];
    });
    return { taken: rows.length, ...this.store_(plan(fired), now) };
  }

  async fire(planned: readonly PlannedDelivery[], now: Date) {
    return this.store_(planned, now);
  }

  async failAbandoned(now: Date) {
    let n = 0;
    for (const d of this.store.deliveries.values()) {
      if (d.state !== 'pending' || d.ruleId === null) continue;
      const live = [...this.store.queue.rows.values()].some(
        (j) => j.idempotencyKey === deliverJobKey(d.id) && (j.state === 'queued' || j.state === 'running'),
      );
      if (live) continue;
      this.store.deliveries.set(d.id, {
        ...d,
        state: 'failed',
        endedAt: now,
        lastError: `${d.lastError ? `${d.lastError}; ` : ''}its delivery job ended before the delivery was settled`,
      });
      n++;
    }
    return n;
  }

  async recordTest(d: AlertDelivery) {
    this.store.deliveries.set(d.id, { ...d, message: json(d.message) });
  }

  async startAttempt(id: string, lease: Lease, now: Date): Promise<AttemptStart> {
    if (!leaseHeld(this.store, lease)) return { kind: 'lease_lost' };
    const d = this.store.deliveries.get(id);
    if (!d) return { kind: 'not_found' };
    if (d.state !== 'pending') return { kind: 'ended' };
    const next = { ...d, attempts: d.attempts + 1, lastAttemptAt: now };
    this.store.deliveries.set(id, next);
    return { kind: 'started', delivery: next, channel: this.store.channels.get(d.channelId) ?? null };
  }

  async finishAttempt(
    id: string,
    lease: Lease,
    o: SendOutcome,
    end: 'delivered' | 'failed' | null,
    now: Date,
  ) {
    const d = this.store.deliveries.get(id);
    if (!leaseHeld(this.store, lease) || !d || d.state !== 'pending') return 'lease_lost' as const;
    this.store.deliveries.set(id, {
      ...d,
      lastStatus: o.status,
      lastLatencyMs: o.latencyMs,
      lastError: o.error,
      state: end ?? 'pending',
      endedAt: end ? now : null,
    });
    return 'ok' as const;
  }

  async getDelivery(id: string) {
    return this.store.deliveries.get(id) ?? null;
  }

  async pageDeliveries(filter: DeliveryFilter, limit: number, cursor: string | null) {
    let after: [string, string] | null = null;
    if (cursor !== null) {
      const k = decodeCursor('d', cursor);
      if (!Array.isArray(k) || k.length !== 2) return 'bad_cursor' as const;
      after = k as [string, string];
    }
    const key = (d: AlertDelivery): [string, string] => [d.createdAt.toISOString(), d.id];
    const sorted = [...this.store.deliveries.values()]
      .filter(
        (d) =>
          (filter.state === undefined || d.state === filter.state) &&
          (filter.ruleId === undefined || d.ruleId === filter.ruleId) &&
          (filter.channelId === undefined || d.channelId === filter.channelId),
      )
      .sort((a, b) => byCodePoint(key(b)[0], key(a)[0]) || byCodePoint(b.id, a.id));
    return pageAfter(
      sorted,
      (d) =>
        after === null ||
        byCodePoint(key(d)[0], after[0]) < 0 ||
        (key(d)[0] === after[0] && byCodePoint(d.id, after[1]) < 0),
      limit,
      (d) => encodeCursor('d', key(d)),
    );
  }

  /** The cooldown, then a pending delivery and its job, as PostgreSQL's `store` does. */
  private store_(planned: readonly PlannedDelivery[], now: Date): FireResult {
    let created = 0;
    let suppressed = 0;
    for (const p of planned) {
      const channel = this.store.channels.get(p.channelId);
      if (!channel) continue;
      const window = p.windowMinutes ?? p.rule.cooldownMinutes;
      const recent = [...this.store.deliveries.values()]
        .filter(
          (d) =>
            d.ruleId === p.rule.id &&
            d.channelId === p.channelId &&
            d.dedupKey === p.dedupKey &&
            insideCooldown(d.createdAt, now, window),
        )
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      if (recent) {
        this.store.deliveries.set(recent.id, { ...recent, suppressed: recent.suppressed + 1 });
        suppressed++;
        continue;
      }
      this.store.deliveries.set(p.id, {
        id: p.id,
        ruleId: p.rule.id,
        ruleName: p.rule.name,
        channelId: p.channelId,
        channelKind: channel.settings.kind,
        dedupKey: p.dedupKey,
        message: json(p.message),
        state: 'pending',
        attempts: 0,
        suppressed: 0,
        lastStatus: null,
        lastLatencyMs: null,
        lastError: null,
        createdAt: now,
        lastAttemptAt: null,
        endedAt: null,
      });
      this.store.queue.enqueueNow(deliverJob.request({ delivery_id: p.id }), now);
      created++;
    }
    return { created, suppressed };
  }
}
