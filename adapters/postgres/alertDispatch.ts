import { randomUUID as randomUuid } from 'node:crypto';
import type { ChannelKind, PlannedDelivery } from '../../core/domain/alerting.js';
import { deliverJob } from '../../core/usecases/alerts/deliverJob.js';
import type { FiredEvent, FireResult } from '../../core/ports/AlertDeliveries.js';
import { insertDelivery, insideCooldownSql, type RuleRow, toRule } from './alertRows.js';
import type { Db, Tx } from './db.js';
import { type EventRow, toEvent } from './eventLog.js';
import { insertJob } from './jobQueue.js';

// Dispatchers (outbox and state rules) take this lock for their transaction, so the cooldown check
// and the insert that follows it are one step across processes.
const dispatchLock = 0x5a1e47;

/**
 * Takes up to `limit` outbox rows (with each event and the execution's profile name), plans their
 * deliveries, stores them under the cooldown with their jobs and removes the rows: one transaction.
 */
export const dispatchOutbox = async (
  db: Db,
  limit: number,
  now: Date,
  plan: (fired: readonly FiredEvent[]) => readonly PlannedDelivery[],
): Promise<FireResult & { taken: number }> =>
  db.tx(async (tx) => {
    await tx.any('SELECT pg_advisory_xact_lock($1)', [dispatchLock]);
    // The event is LEFT JOINed: pruned since, its columns are null.
    const rows = await tx.any<
      Omit<EventRow, 'id'> & {
        id: number | null;
        outbox_id: number;
        rule_id: string;
        profile_name: string | null;
      }
    >(
      `SELECT o.id AS outbox_id, o.rule_id, e.id, e.project_module, e.subject_type, e.subject_id, e.kind,
            e.payload, e.actor, e.created_at,
            (SELECT x.profile_snapshot->>'name' FROM executions x
              WHERE e.subject_type = 'execution' AND x.id::text = e.subject_id) AS profile_name
     FROM alert_outbox o LEFT JOIN provenance_events e ON e.id = o.event_id
     ORDER BY o.id LIMIT $1`,
      [limit],
    );
    if (rows.length === 0) return { taken: 0, created: 0, suppressed: 0 };
    const ruleIds = [...new Set(rows.map((r) => r.rule_id))];
    const rules = new Map(
      (
        await tx.any<RuleRow>('SELECT * FROM alert_rules WHERE id = ANY($1::uuid[]) AND enabled', [ruleIds])
      ).map((r) => [r.id, toRule(r)]),
    );
    // A rule deleted or disabled since, or an event pruned since: nothing to send.
    const fired: FiredEvent[] = rows.flatMap((r) => {
      const rule = rules.get(r.rule_id);
      if (!rule || r.id === null) return [];
      return [
        {
          outboxId: r.outbox_id,
          rule,
          profileName: r.profile_name,
          event: toEvent({ ...r, id: r.id }),
        },
      ];
    });
    const stored = await store(tx, plan(fired), now);
    await tx.none('DELETE FROM alert_outbox WHERE id = ANY($1::bigint[])', [rows.map((r) => r.outbox_id)]);
    return { taken: rows.length, ...stored };
  });

/** Stores deliveries a state rule fired, under the cooldown, in one transaction. */
export const fire = (db: Db, planned: readonly PlannedDelivery[], now: Date): Promise<FireResult> =>
  db.tx(async (tx) => {
    await tx.any('SELECT pg_advisory_xact_lock($1)', [dispatchLock]);
    return store(tx, planned, now);
  });

/**
 * Stores planned deliveries under their rule's cooldown (the caller holds the dispatch lock): a
 * delivery of the same rule, channel and key inside the window takes the new alert as suppressed;
 * otherwise a pending delivery and its job are inserted.
 */
const store = async (tx: Tx, planned: readonly PlannedDelivery[], now: Date): Promise<FireResult> => {
  let created = 0;
  let suppressed = 0;
  for (const p of planned) {
    const channel = await tx.oneOrNone<{ kind: ChannelKind }>(
      'SELECT kind FROM notification_channels WHERE id = $1',
      [p.channelId],
    );
    if (!channel) continue;
    const folded = await tx.oneOrNone(
      `UPDATE alert_deliveries SET suppressed = suppressed + 1
       WHERE id = (SELECT id FROM alert_deliveries WHERE rule_id = $1 AND channel_id = $2 AND dedup_key = $3
                     AND ${insideCooldownSql('created_at', '$4', '$5')}
                   ORDER BY created_at DESC LIMIT 1)
       RETURNING 1`,
      [p.rule.id, p.channelId, p.dedupKey, now, p.windowMinutes ?? p.rule.cooldownMinutes],
    );
    if (folded) {
      suppressed++;
      continue;
    }
    await insertDelivery(tx, {
      id: p.id,
      ruleId: p.rule.id,
      ruleName: p.rule.name,
      channelId: p.channelId,
      channelKind: channel.kind,
      dedupKey: p.dedupKey,
      message: p.message,
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
    await insertJob(tx, randomUuid(), deliverJob.request({ delivery_id: p.id }), now);
    created++;
  }
  return { created, suppressed };
};
