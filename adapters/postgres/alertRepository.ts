import type { AlertRule, NotificationChannel } from '../../core/domain/alerting.js';
import type { AlertRepository } from '../../core/ports/AlertRepository.js';
import { type ChannelRow, type RuleRow, toChannel, toRule } from './alertRows.js';
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
