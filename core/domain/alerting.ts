/**
 * Alerting: notification channels (where alerts go), alert rules (what fires them) and deliveries
 * (one per alert sent to one channel, with its attempts). Event-driven rules are matched by the
 * statement that records each provenance event (an outbox row in the same transaction); the rest
 * are evaluated on the scheduler's alert tick.
 */
import { type AccountChange, accountEventKinds } from './accountEvents.js';

export const channelKinds = ['webhook', 'email'] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** `json`: our body (delivery id, rule, subject, text, event); `slack`: `{text}` as Slack takes it. */
export type WebhookFormat = 'json' | 'slack';
/** `starttls`: plain connection upgraded (required); `tls`: TLS from the start; `none`: a local relay. */
export type SmtpSecurity = 'starttls' | 'tls' | 'none';

export interface WebhookSettings {
  readonly kind: 'webhook';
  readonly format: WebhookFormat;
  /** The URL's origin: its path and query often carry a token (Slack's do), so they are sealed. */
  readonly target: string;
}

export interface EmailSettings {
  readonly kind: 'email';
  readonly host: string;
  readonly port: number;
  readonly security: SmtpSecurity;
  readonly verify_tls: boolean;
  readonly username: string | null;
  readonly from: string;
  readonly to: readonly string[];
}

export type ChannelSettings = WebhookSettings | EmailSettings;

/** What is sealed (write-only): a webhook's URL and signing secret, an SMTP password. */
export interface ChannelSecrets {
  readonly url?: string;
  readonly signing_secret?: string;
  readonly password?: string;
}

export interface NotificationChannel {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly enabled: boolean;
  readonly settings: ChannelSettings;
  /** ChannelSecrets sealed by the SecretBox port. */
  readonly sealedSecrets: string;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A channel as a client writes it: secrets in clear, once; omitted on replace, they are kept. */
export type ChannelInput =
  | {
      readonly kind: 'webhook';
      readonly name: string;
      readonly description: string;
      readonly enabled: boolean;
      readonly url?: string | undefined;
      readonly signing_secret?: string | undefined;
      readonly format: WebhookFormat;
    }
  | {
      readonly kind: 'email';
      readonly name: string;
      readonly description: string;
      readonly enabled: boolean;
      readonly host: string;
      readonly port?: number | undefined;
      readonly security: SmtpSecurity;
      readonly verify_tls: boolean;
      readonly username?: string | null | undefined;
      readonly password?: string | undefined;
      readonly from: string;
      readonly to: readonly string[];
    };

/** The port each SMTP security mode listens on unless the channel says otherwise. */
export const defaultSmtpPort = (s: SmtpSecurity): number => (s === 'tls' ? 465 : s === 'starttls' ? 587 : 25);

export const viewChannel = (c: NotificationChannel, secrets: ChannelSecrets) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  kind: c.settings.kind,
  enabled: c.enabled,
  settings: c.settings,
  // Whether each secret is set, never the secret.
  sealed_fields: Object.keys(secrets)
    .filter((k) => (secrets as Record<string, unknown>)[k] !== undefined)
    .sort(),
  version: c.version,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

// ---- Rules ----

export const ruleKinds = [
  'execution_ended',
  'discovery_changed',
  'data_access',
  'pending_too_long',
  'queue_backlog',
  'worker_lost',
  'daily_summary',
  'dependency_down',
  'budget_used',
  'account_changed',
  'token_expiring',
  'profile_paused',
  'automation_stopped',
] as const;
export type RuleKind = (typeof ruleKinds)[number];

export const endStates = ['completed', 'failed', 'cancelled'] as const;
export type EndState = (typeof endStates)[number];

export const dependencies = ['database', 'translator', 'island_manager', 'login_node', 'archive'] as const;
export type Dependency = (typeof dependencies)[number];

/** What each kind of rule looks at, beyond its project. */
export type RuleConditions =
  | {
      readonly kind: 'execution_ended';
      readonly states: readonly EndState[];
      readonly profile_name: string | null;
    }
  | { readonly kind: 'discovery_changed' }
  | { readonly kind: 'data_access' }
  | { readonly kind: 'pending_too_long'; readonly minutes: number }
  | {
      readonly kind: 'queue_backlog';
      readonly max_depth: number | null;
      readonly max_oldest_minutes: number | null;
    }
  | { readonly kind: 'worker_lost' }
  | { readonly kind: 'daily_summary'; readonly hour_utc: number }
  | {
      readonly kind: 'dependency_down';
      readonly dependencies: readonly Dependency[];
      readonly minutes: number;
    }
  /** A project's settled usage this UTC month reached `percent` of its budget: told once per month. */
  | { readonly kind: 'budget_used'; readonly percent: number }
  /** The account audit (domain/accountEvents.ts): an admin's rule, of no project. */
  | { readonly kind: 'account_changed'; readonly changes: readonly AccountChange[] }
  /** A live API token ends within `days`: told once per token, for its program to be given a new one. */
  | { readonly kind: 'token_expiring'; readonly days: number }
  /**
   * A profile paused or resumed by hand, and a window's beginning and end when they come by
   * themselves (its project's profiles, or every project's for a rule of no project).
   */
  | { readonly kind: 'profile_paused' }
  /**
   * Execution automation stopped trying a source after its failed runs (`automation.source_held`),
   * or cannot make runs of a project at all (`automation.blocked`: no profile, archive gone, budget
   * spent).
   */
  | { readonly kind: 'automation_stopped' };

/**
 * Rules on accounts (their audit, their API tokens) are an admin's, and of no project: they tell
 * who manages accounts and what programs act for whom.
 */
export const isAccountRule = (c: RuleConditions): boolean =>
  c.kind === 'account_changed' || c.kind === 'token_expiring';

export interface AlertRule {
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly projectModule: string | null;
  readonly conditions: RuleConditions;
  readonly channelIds: readonly string[];
  readonly cooldownMinutes: number;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface RuleInput {
  readonly name: string;
  readonly enabled: boolean;
  readonly project_module: string | null;
  readonly channels: readonly string[];
  readonly cooldown_minutes: number;
  readonly conditions: RuleConditions;
}

/** The provenance event kinds that fire a rule; empty for the rules the alert tick evaluates. */
export const eventKindsOf = (c: RuleConditions): readonly string[] => {
  if (c.kind === 'execution_ended') return c.states.map((s) => `execution.${s}`);
  if (c.kind === 'discovery_changed') return ['source.changed'];
  if (c.kind === 'data_access') return ['source.data_held', 'source.data_released'];
  if (c.kind === 'account_changed') return accountEventKinds(c.changes);
  if (c.kind === 'profile_paused')
    return ['profile.paused', 'profile.resumed', 'profile.pause_began', 'profile.pause_ended'];
  if (c.kind === 'automation_stopped') return ['automation.source_held', 'automation.blocked'];
  return [];
};

/**
 * Whether an event goes to a rule's outbox when it is recorded: the rule is enabled, hears the
 * event's kind, and names the event's project or none. PostgreSQL applies the same test in SQL
 * (adapters/postgres/eventLog.ts `eventsCte`), in the statement that records the event; the
 * repository contract holds both stores to this function case by case
 * (test/support/contract/ruleForms.ts).
 */
export const ruleHears = (
  r: Pick<AlertRule, 'enabled' | 'projectModule'>,
  eventKinds: readonly string[],
  e: { readonly kind: string; readonly projectModule: string },
): boolean =>
  r.enabled &&
  eventKinds.includes(e.kind) &&
  (r.projectModule === null || r.projectModule === e.projectModule);

/**
 * Whether a delivery made at `createdAt` still folds repeats at `now`: inside its window of
 * `minutes` (the rule's cooldown, or a planned delivery's own), the window's end excluded.
 * PostgreSQL applies the same test in SQL (`created_at > now - make_interval(mins => ...)`, in
 * adapters/postgres/alertDispatch.ts and alertDeliveries.ts); the repository contract holds the
 * two to this function case by case (test/support/contract/ruleForms.ts).
 */
export const insideCooldown = (createdAt: Date, now: Date, minutes: number): boolean =>
  createdAt.getTime() > now.getTime() - minutes * 60_000;

/** A rule as the API shows it: as it is written, the kind's own fields beside the common ones. */
export const viewRule = (r: AlertRule) => {
  const { kind, ...conditions } = r.conditions;
  return {
    id: r.id,
    name: r.name,
    kind,
    enabled: r.enabled,
    project_module: r.projectModule,
    channels: r.channelIds,
    cooldown_minutes: r.cooldownMinutes,
    ...conditions,
    version: r.version,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
};

// ---- Deliveries ----

export const deliveryStates = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** What is sent: rendered once when the alert fires, so every attempt sends the same thing. */
export interface AlertMessage {
  readonly type: 'alert' | 'test';
  readonly subject: string;
  readonly text: string;
  readonly rule: { readonly id: string; readonly name: string; readonly kind: RuleKind } | null;
  /** The event or state that fired it (kind, subject, payload; or the figures a state rule saw). */
  readonly details: Readonly<Record<string, unknown>>;
  readonly occurred_at: string;
}

export interface AlertDelivery {
  readonly id: string;
  readonly ruleId: string | null;
  readonly ruleName: string | null;
  readonly channelId: string;
  readonly channelKind: ChannelKind;
  /** Alerts with the same key for a rule and channel inside its cooldown are one delivery. */
  readonly dedupKey: string;
  readonly message: AlertMessage;
  readonly state: DeliveryState;
  readonly attempts: number;
  /** Alerts folded into this one by the cooldown. */
  readonly suppressed: number;
  readonly lastStatus: number | null;
  readonly lastLatencyMs: number | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly lastAttemptAt: Date | null;
  readonly endedAt: Date | null;
}

export const viewDelivery = (d: AlertDelivery) => ({
  id: d.id,
  rule_id: d.ruleId,
  rule_name: d.ruleName,
  channel_id: d.channelId,
  channel_kind: d.channelKind,
  type: d.message.type,
  subject: d.message.subject,
  dedup_key: d.dedupKey,
  state: d.state,
  attempts: d.attempts,
  suppressed: d.suppressed,
  last_status: d.lastStatus,
  last_latency_ms: d.lastLatencyMs,
  last_error: d.lastError,
  created_at: d.createdAt.toISOString(),
  last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
  ended_at: d.endedAt?.toISOString() ?? null,
});

/** An alert a rule fired for one of its channels; the repository applies the cooldown when it stores it. */
export interface PlannedDelivery {
  readonly id: string;
  readonly rule: AlertRule;
  readonly channelId: string;
  readonly dedupKey: string;
  readonly message: AlertMessage;
  /** The dedup window when it is not the rule's cooldown (a daily summary: one per day). */
  readonly windowMinutes?: number;
}

/** What one attempt at sending gave. */
export interface SendOutcome {
  readonly ok: boolean;
  /** HTTP status, or the SMTP reply code. */
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  /** Worth another try (timeouts, connection errors, HTTP 5xx and 429, SMTP 4xx). */
  readonly retryable: boolean;
}
