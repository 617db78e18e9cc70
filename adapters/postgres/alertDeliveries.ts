import type { Lease } from '../../core/domain/job.js';
import { deliverJobKey } from '../../core/usecases/alerts/deliverJob.js';
import { dispatchOutbox, fire } from './alertDispatch.js';
import type { Db } from './db.js';
import { decodeKeyCursor, encodeKeyCursor } from './keyCursor.js';
import type { AlertDelivery, PlannedDelivery, SendOutcome } from '../../core/domain/alerting.js';
import type { AttemptStart, DeliveryFilter, FiredEvent } from '../../core/ports/AlertDeliveries.js';
import {
  type ChannelRow,
  type DeliveryRow,
  insertDelivery,
  insideCooldownSql,
  toChannel,
  toDelivery,
} from './alertRows.js';
import type { AlertDeliveries } from '../../core/ports/AlertDeliveries.js';

// A write about a delivery by its job: only while the job runs under this very token.
const heldBy = `EXISTS (SELECT 1 FROM jobs WHERE id = $2 AND fencing_token = $3 AND state = 'running' FOR SHARE)`;

export class PgAlertDeliveries implements AlertDeliveries {
  constructor(private readonly db: Db) {}

  async figures(now: Date) {
    const [deliveries, latency, firing] = await Promise.all([
      this.db.any<{ channel_kind: string; state: string; n: number }>(
        'SELECT channel_kind, state, count(*)::int AS n FROM alert_deliveries GROUP BY channel_kind, state',
      ),
      this.db.any<{ channel_kind: string; p50: number; p95: number }>(
        `SELECT channel_kind,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY last_latency_ms) / 1000.0 AS p50,
                percentile_cont(0.95) WITHIN GROUP (ORDER BY last_latency_ms) / 1000.0 AS p95
         FROM alert_deliveries WHERE ended_at > $1::timestamptz - interval '1 hour' AND last_latency_ms IS NOT NULL
         GROUP BY channel_kind`,
        [now],
      ),
      this.db.any<{ kind: string; n: number }>(
        `SELECT r.kind, count(*)::int AS n FROM alert_rules r
         WHERE r.enabled AND EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.rule_id = r.id
                                      AND ${insideCooldownSql('d.created_at', '$1', 'r.cooldown_minutes')})
         GROUP BY r.kind`,
        [now],
      ),
    ]);
    return {
      deliveries: deliveries.map((r) => ({ channelKind: r.channel_kind, state: r.state, count: r.n })),
      latency: latency.map((r) => ({ channelKind: r.channel_kind, p50: r.p50, p95: r.p95 })),
      firing: firing.map((r) => ({ ruleKind: r.kind, count: r.n })),
    };
  }

  dispatchOutbox(
    limit: number,
    now: Date,
    plan: (fired: readonly FiredEvent[]) => readonly PlannedDelivery[],
  ) {
    return dispatchOutbox(this.db, limit, now, plan);
  }

  fire(planned: readonly PlannedDelivery[], now: Date) {
    return fire(this.db, planned, now);
  }

  async failAbandoned(now: Date) {
    const r = await this.db.result(
      `UPDATE alert_deliveries d SET state = 'failed', ended_at = $1,
         last_error = coalesce(last_error || '; ', '') || 'its delivery job ended before the delivery was settled'
       WHERE d.state = 'pending' AND d.rule_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.idempotency_key = $2 || d.id::text
                           AND j.state IN ('queued', 'running'))`,
      [now, deliverJobKey('')],
    );
    return r.rowCount;
  }

  async recordTest(d: AlertDelivery) {
    await insertDelivery(this.db, d);
  }

  async startAttempt(id: string, lease: Lease, now: Date): Promise<AttemptStart> {
    return this.db.tx(async (tx) => {
      const held = await tx.oneOrNone(
        `SELECT 1 FROM jobs WHERE id = $1 AND fencing_token = $2 AND state = 'running' FOR SHARE`,
        [lease.jobId, lease.token],
      );
      if (!held) return { kind: 'lease_lost' as const };
      const r = await tx.oneOrNone<DeliveryRow>(
        `UPDATE alert_deliveries SET attempts = attempts + 1, last_attempt_at = $2
         WHERE id = $1 AND state = 'pending' RETURNING *`,
        [id, now],
      );
      if (!r) {
        const exists = await tx.oneOrNone('SELECT 1 FROM alert_deliveries WHERE id = $1', [id]);
        return { kind: exists ? ('ended' as const) : ('not_found' as const) };
      }
      const c = await tx.oneOrNone<ChannelRow>('SELECT * FROM notification_channels WHERE id = $1', [
        r.channel_id,
      ]);
      return { kind: 'started' as const, delivery: toDelivery(r), channel: c ? toChannel(c) : null };
    });
  }

  async finishAttempt(
    id: string,
    lease: Lease,
    o: SendOutcome,
    end: 'delivered' | 'failed' | null,
    now: Date,
  ) {
    const r = await this.db.oneOrNone(
      `UPDATE alert_deliveries SET last_status = $4, last_latency_ms = $5, last_error = $6,
         state = coalesce($7, state), ended_at = CASE WHEN $7::text IS NULL THEN NULL ELSE $8::timestamptz END
       WHERE id = $1 AND state = 'pending' AND ${heldBy} RETURNING 1`,
      [id, lease.jobId, lease.token, o.status, o.latencyMs, o.error, end, now],
    );
    return r ? ('ok' as const) : ('lease_lost' as const);
  }

  async getDelivery(id: string) {
    const r = await this.db.oneOrNone<DeliveryRow>('SELECT * FROM alert_deliveries WHERE id = $1', [id]);
    return r ? toDelivery(r) : null;
  }

  async pageDeliveries(filter: DeliveryFilter, limit: number, cursor: string | null) {
    let after: [string, string] | null = null;
    if (cursor !== null) {
      const k = decodeKeyCursor('d', cursor);
      if (k === null) return 'bad_cursor' as const;
      after = k;
    }
    const rows = await this.db.any<DeliveryRow>(
      `SELECT * FROM alert_deliveries
       WHERE ($1::text IS NULL OR state = $1) AND ($2::uuid IS NULL OR rule_id = $2)
         AND ($3::uuid IS NULL OR channel_id = $3)
         AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $6`,
      [
        filter.state ?? null,
        filter.ruleId ?? null,
        filter.channelId ?? null,
        after?.[0] ?? null,
        after?.[1] ?? null,
        limit + 1,
      ],
    );
    const items = rows.slice(0, limit).map(toDelivery);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last ? encodeKeyCursor('d', [last.createdAt.toISOString(), last.id]) : null,
    };
  }
}
