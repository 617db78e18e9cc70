import type {
  AlertDelivery,
  AlertMessage,
  AlertRule,
  ChannelKind,
  ChannelSettings,
  DeliveryState,
  NotificationChannel,
  RuleConditions,
} from '../../core/domain/alerting.js';
import type { Db, Tx } from './db.js';

// The alert tables' rows and their records (migration 0014).

/** core/domain/alerting.ts `insideCooldown` in SQL: a delivery made at `createdAt` folds repeats at `now`. */
export const insideCooldownSql = (createdAt: string, now: string, minutes: string) =>
  `${createdAt} > ${now}::timestamptz - make_interval(mins => ${minutes})`;

export interface ChannelRow {
  id: string;
  name: string;
  description: string;
  kind: ChannelKind;
  enabled: boolean;
  settings: ChannelSettings;
  sealed_secrets: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface RuleRow {
  id: string;
  name: string;
  kind: string;
  enabled: boolean;
  project_module: string | null;
  conditions: Record<string, unknown>;
  channel_ids: string[];
  cooldown_minutes: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryRow {
  id: string;
  rule_id: string | null;
  rule_name: string | null;
  channel_id: string;
  channel_kind: ChannelKind;
  dedup_key: string;
  message: AlertMessage;
  state: DeliveryState;
  attempts: number;
  suppressed: number;
  last_status: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  ended_at: Date | null;
}

export const toChannel = (r: ChannelRow): NotificationChannel => ({
  id: r.id,
  name: r.name,
  description: r.description,
  enabled: r.enabled,
  settings: r.settings,
  sealedSecrets: r.sealed_secrets,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toRule = (r: RuleRow): AlertRule => ({
  id: r.id,
  name: r.name,
  enabled: r.enabled,
  projectModule: r.project_module,
  conditions: { ...r.conditions, kind: r.kind } as RuleConditions,
  channelIds: r.channel_ids,
  cooldownMinutes: r.cooldown_minutes,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toDelivery = (r: DeliveryRow): AlertDelivery => ({
  id: r.id,
  ruleId: r.rule_id,
  ruleName: r.rule_name,
  channelId: r.channel_id,
  channelKind: r.channel_kind,
  dedupKey: r.dedup_key,
  message: r.message,
  state: r.state,
  attempts: r.attempts,
  suppressed: r.suppressed,
  lastStatus: r.last_status,
  lastLatencyMs: r.last_latency_ms,
  lastError: r.last_error,
  createdAt: r.created_at,
  lastAttemptAt: r.last_attempt_at,
  endedAt: r.ended_at,
});

export const insertDelivery = (t: Db | Tx, d: AlertDelivery) =>
  t.none(
    `INSERT INTO alert_deliveries (id, rule_id, rule_name, channel_id, channel_kind, dedup_key, subject, message, state,
       attempts, suppressed, last_status, last_latency_ms, last_error, created_at, last_attempt_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      d.id,
      d.ruleId,
      d.ruleName,
      d.channelId,
      d.channelKind,
      d.dedupKey,
      d.message.subject,
      JSON.stringify(d.message),
      d.state,
      d.attempts,
      d.suppressed,
      d.lastStatus,
      d.lastLatencyMs,
      d.lastError,
      d.createdAt,
      d.lastAttemptAt,
      d.endedAt,
    ],
  );
