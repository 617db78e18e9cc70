import type {
  AlertDelivery,
  AlertRule,
  NotificationChannel,
  PlannedDelivery,
  SendOutcome,
} from '../../core/domain/alerting.js';
import type { Lease } from '../../core/domain/job.js';
import { deliverJobKey } from '../../core/domain/jobKinds.js';
import type {
  AlertRepository,
  AttemptStart,
  DeliveryFilter,
  FiredEvent,
} from '../../core/ports/AlertRepository.js';
import { dispatchOutbox, fire } from './alertDispatch.js';
import {
  type ChannelRow,
  type DeliveryRow,
  insertDelivery,
  type RuleRow,
  toChannel,
  toDelivery,
  toRule,
} from './alertRows.js';
import type { Db } from './db.js';
import { decodeKeyCursor, encodeKeyCursor } from './keyCursor.js';

const nameTaken = (err: unknown): 'name_taken' => {
  const e = err as { code?: string };
  if (e.code === '23505') return 'name_taken';
  throw err;
};

/** An insert whose only expected failure is a name in use. */
const inserted = async (db: Db, sql: string, params: unknown[]) => {
  try {
    await db.none(sql, params);
    return 'ok' as const;
  } catch (err) {
    return nameTaken(err);
  }
};

/** An update guarded by the version read before it: no row is a conflict. */
const replaced = async (db: Db, sql: string, params: unknown[]) => {
  try {
    const r = await db.result(sql, params);
    return r.rowCount === 1 ? ('ok' as const) : ('version_conflict' as const);
  } catch (err) {
    return nameTaken(err);
  }
};

const conditionsOf = (r: AlertRule) => {
  const { kind: _kind, ...rest } = r.conditions;
  return JSON.stringify(rest);
};

// A write about a delivery by its job: only while the job runs under this very token.
const heldBy = `EXISTS (SELECT 1 FROM jobs WHERE id = $2 AND fencing_token = $3 AND state = 'running' FOR SHARE)`;

/** Alerting on PostgreSQL: channels, rules, the outbox its events fill, deliveries and their jobs. */
// The leading parameters ($1 to $8) of a channel's insert and replace, in their column order.
const channelValues = (c: NotificationChannel) => [
  c.id,
  c.name,
  c.description,
  c.settings.kind,
  c.enabled,
  JSON.stringify(c.settings),
  c.sealedSecrets,
  c.version,
];

// The leading parameters ($1 to $10) of a rule's insert and replace, in their column order.
const ruleValues = (r: AlertRule, eventKinds: readonly string[]) => [
  r.id,
  r.name,
  r.conditions.kind,
  r.enabled,
  r.projectModule,
  conditionsOf(r),
  r.channelIds,
  r.cooldownMinutes,
  eventKinds,
  r.version,
];

export class PgAlertRepository implements AlertRepository {
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
                                      AND d.created_at > $1::timestamptz - make_interval(mins => r.cooldown_minutes))
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

  async insertChannel(c: NotificationChannel) {
    return inserted(
      this.db,
      `INSERT INTO notification_channels (id, name, description, kind, enabled, settings, sealed_secrets, version,
           created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [...channelValues(c), c.createdAt, c.updatedAt],
    );
  }

  async replaceChannel(c: NotificationChannel, expectedVersion: number) {
    return replaced(
      this.db,
      `UPDATE notification_channels SET name = $2, description = $3, kind = $4, enabled = $5, settings = $6,
           sealed_secrets = $7, version = $8, updated_at = $9 WHERE id = $1 AND version = $10`,
      [...channelValues(c), c.updatedAt, expectedVersion],
    );
  }

  async deleteChannel(id: string) {
    return this.db.tx(async (tx) => {
      // Rules are locked with the check, so none starts sending here between it and the delete.
      const users = await tx.any<{ name: string }>(
        'SELECT name FROM alert_rules WHERE $1 = ANY(channel_ids) ORDER BY name FOR UPDATE',
        [id],
      );
      if (users.length > 0) return { usedBy: users.map((u) => u.name) };
      const r = await tx.result('DELETE FROM notification_channels WHERE id = $1', [id]);
      return r.rowCount === 1 ? ('ok' as const) : ('not_found' as const);
    });
  }

  async getChannel(id: string) {
    const r = await this.db.oneOrNone<ChannelRow>('SELECT * FROM notification_channels WHERE id = $1', [id]);
    return r ? toChannel(r) : null;
  }

  async pageChannels(limit: number, cursor: string | null) {
    return this.byName<ChannelRow, NotificationChannel>(
      'notification_channels',
      'c',
      limit,
      cursor,
      toChannel,
    );
  }

  async insertRule(r: AlertRule, eventKinds: readonly string[]) {
    return inserted(
      this.db,
      `INSERT INTO alert_rules (id, name, kind, enabled, project_module, conditions, channel_ids, cooldown_minutes,
           event_kinds, version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[], $8, $9::text[], $10, $11, $12)`,
      [...ruleValues(r, eventKinds), r.createdAt, r.updatedAt],
    );
  }

  async replaceRule(r: AlertRule, eventKinds: readonly string[], expectedVersion: number) {
    return replaced(
      this.db,
      `UPDATE alert_rules SET name = $2, kind = $3, enabled = $4, project_module = $5, conditions = $6,
           channel_ids = $7::uuid[], cooldown_minutes = $8, event_kinds = $9::text[], version = $10, updated_at = $11
         WHERE id = $1 AND version = $12
           AND (SELECT count(*) FROM notification_channels WHERE id = ANY($7::uuid[])) = cardinality($7::uuid[])`,
      [...ruleValues(r, eventKinds), r.updatedAt, expectedVersion],
    );
  }

  async deleteRule(id: string) {
    const r = await this.db.result('DELETE FROM alert_rules WHERE id = $1', [id]);
    return r.rowCount === 1;
  }

  async getRule(id: string) {
    const r = await this.db.oneOrNone<RuleRow>('SELECT * FROM alert_rules WHERE id = $1', [id]);
    return r ? toRule(r) : null;
  }

  async pageRules(limit: number, cursor: string | null) {
    return this.byName<RuleRow, AlertRule>('alert_rules', 'r', limit, cursor, toRule);
  }

  async stateRules() {
    const rows = await this.db.any<RuleRow>(
      `SELECT * FROM alert_rules WHERE enabled AND cardinality(event_kinds) = 0 ORDER BY name`,
    );
    return rows.map(toRule);
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

  /** Keyset paging by name. */
  private async byName<R extends { name: string }, T>(
    table: 'notification_channels' | 'alert_rules',
    tag: string,
    limit: number,
    cursor: string | null,
    to: (r: R) => T,
  ) {
    let after = '';
    if (cursor !== null) {
      const k = decodeKeyCursor(tag, cursor);
      if (k === null) return 'bad_cursor' as const;
      after = k[0];
    }
    const rows = await this.db.any<R>(
      `SELECT * FROM ${table} WHERE name COLLATE "C" > $1 ORDER BY name COLLATE "C" LIMIT $2`,
      [after, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(to),
      nextCursor: rows.length > limit && last ? encodeKeyCursor(tag, [last.name, '']) : null,
    };
  }
}
