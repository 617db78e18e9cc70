import * as t from 'io-ts';
import {
  boundedString,
  DateTimeString,
  discriminated,
  HostName,
  HttpUrl,
  intRange,
  oneLine,
  patternString,
  Port,
  strictObject,
  Uuid,
  withDefault,
} from '../codecs.js';
import { component, withSchema } from '../jsonSchema.js';
import { accountChanges } from '../../core/domain/accountEvents.js';
import {
  type ChannelInput as ChannelInputValue,
  dependencies,
  deliveryStates,
  endStates,
  type RuleConditions,
  type RuleInput as RuleInputValue,
  ruleKinds,
} from '../../core/domain/alerting.js';
import { ProjectModule, pageQuery } from './common.js';

const oneOf = <K extends string>(name: string, values: readonly K[]) =>
  withSchema(t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>, name), {
    type: 'string',
    enum: [...values],
  });

/** An array of `min` to `max` items. */
const listOf = <C extends t.Mixed>(item: C, min: number, max: number, name: string) =>
  withSchema(
    t.refinement(t.array(item), (a) => a.length >= min && a.length <= max, name),
    { $inner: t.array(item), minItems: min, maxItems: max },
  );

/** An address as SMTP takes it: no display name, no spaces or line breaks (no header can be smuggled in). */
export const EmailAddress = patternString(
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/,
  'an e-mail address (local@domain)',
  254,
);

/** A webhook URL: http(s), no credentials in it (the signing secret proves who sends). */
const WebhookUrl = withSchema(
  t.refinement(
    HttpUrl,
    (s) => {
      const u = new URL(s);
      return u.username === '' && u.password === '' && u.hash === '';
    },
    'http(s) URL without credentials or fragment',
  ),
  { type: 'string', format: 'uri', maxLength: 2048 },
);

const channelCommon = {
  description: withDefault(boundedString(0, 2000), ''),
  enabled: withDefault(t.boolean, true),
};
const channelName = oneLine('a name of 1 to 100 characters, one line', 100, 1);

const WebhookInput = strictObject(
  'WebhookChannelInput',
  { kind: t.literal('webhook'), name: channelName },
  {
    ...channelCommon,
    url: WebhookUrl,
    signing_secret: boundedString(16, 256, 'a secret of 16 to 256 characters'),
    format: withDefault(oneOf('format', ['json', 'slack'] as const), 'json'),
  },
);

const EmailInput = strictObject(
  'EmailChannelInput',
  {
    kind: t.literal('email'),
    name: channelName,
    host: HostName,
    from: EmailAddress,
    to: listOf(EmailAddress, 1, 50, '1 to 50 e-mail addresses'),
  },
  {
    ...channelCommon,
    port: Port,
    security: withDefault(oneOf('security', ['starttls', 'tls', 'none'] as const), 'starttls'),
    verify_tls: withDefault(t.boolean, true),
    username: t.union([oneLine('a user name of 1 to 256 characters', 256, 1), t.null]),
    password: boundedString(1, 1024),
  },
);

/**
 * A notification channel as a client writes it. Secrets (url and signing_secret of a webhook, an
 * SMTP password) are write-only: on replace, one left out is kept.
 */
export const ChannelInput = component(
  'NotificationChannelInput',
  discriminated('NotificationChannelInput', 'kind', { webhook: WebhookInput, email: EmailInput }),
);

export const channelInputOf = (b: t.TypeOf<typeof ChannelInput>): ChannelInputValue => b as ChannelInputValue;

export const ChannelView = component(
  'NotificationChannel',
  t.type({
    id: Uuid,
    name: t.string,
    description: t.string,
    kind: oneOf('kind', ['webhook', 'email'] as const),
    enabled: t.boolean,
    settings: t.UnknownRecord,
    sealed_fields: t.array(t.string),
    version: t.number,
    created_at: DateTimeString,
    updated_at: DateTimeString,
  }),
);

export const ChannelList = component(
  'NotificationChannelList',
  t.type({ items: t.array(ChannelView), next_cursor: t.union([t.string, t.null]) }),
);

export const EnabledPatch = component('EnabledPatch', strictObject('EnabledPatch', { enabled: t.boolean }));

// ---- Rules ----

const ruleCommon = {
  required: {
    name: oneLine('a name of 1 to 100 characters, one line', 100, 1),
    channels: listOf(Uuid, 1, 10, '1 to 10 channel ids'),
  },
  optional: {
    enabled: withDefault(t.boolean, true),
    project_module: withDefault(t.union([ProjectModule, t.null]), null),
    cooldown_minutes: withDefault(intRange(0, 10080), 60),
  },
};

const rule = <K extends string, R extends t.Props, O extends t.Props>(kind: K, required: R, optional: O) =>
  strictObject(
    `AlertRuleInput_${kind}`,
    { kind: t.literal(kind), ...ruleCommon.required, ...required },
    { ...ruleCommon.optional, ...optional },
  );

const nullableInt = (min: number, max: number) => withDefault(t.union([intRange(min, max), t.null]), null);

export const RuleInput = component(
  'AlertRuleInput',
  discriminated('AlertRuleInput', 'kind', {
    execution_ended: rule(
      'execution_ended',
      {},
      {
        states: withDefault(listOf(oneOf('state', endStates), 1, 3, '1 to 3 end states'), ['failed']),
        profile_name: withDefault(t.union([oneLine('a profile name', 50, 1), t.null]), null),
      },
    ),
    discovery_changed: rule('discovery_changed', {}, {}),
    data_access: rule('data_access', {}, {}),
    pending_too_long: rule('pending_too_long', { minutes: intRange(1, 10080) }, {}),
    queue_backlog: rule(
      'queue_backlog',
      {},
      { max_depth: nullableInt(1, 10_000_000), max_oldest_minutes: nullableInt(1, 10080) },
    ),
    worker_lost: rule('worker_lost', {}, {}),
    daily_summary: rule('daily_summary', {}, { hour_utc: withDefault(intRange(0, 23), 8) }),
    dependency_down: rule(
      'dependency_down',
      {},
      {
        dependencies: withDefault(listOf(oneOf('dependency', dependencies), 1, 5, '1 to 5 dependencies'), [
          ...dependencies,
        ]),
        minutes: withDefault(intRange(0, 10080), 10),
      },
    ),
    budget_used: rule('budget_used', { percent: intRange(1, 1000) }, {}),
    token_expiring: rule('token_expiring', {}, { days: withDefault(intRange(1, 90), 7) }),
    profile_paused: rule('profile_paused', {}, {}),
    automation_stopped: rule('automation_stopped', {}, {}),
    account_changed: rule(
      'account_changed',
      {},
      {
        changes: withDefault(
          listOf(
            oneOf('change', accountChanges),
            1,
            accountChanges.length,
            `1 to ${accountChanges.length} changes`,
          ),
          [...accountChanges],
        ),
      },
    ),
  }),
);

const commonKeys = new Set(['kind', 'name', 'channels', 'enabled', 'project_module', 'cooldown_minutes']);

/** The decoded body as the core's rule input: the kind's own fields become its conditions. */
export const ruleInputOf = (b: t.TypeOf<typeof RuleInput>): RuleInputValue => {
  const r = b as Record<string, unknown>;
  const conditions = Object.fromEntries(
    Object.entries(r).filter(([k]) => !commonKeys.has(k) || k === 'kind'),
  ) as unknown as RuleConditions;
  return {
    name: r['name'] as string,
    enabled: r['enabled'] as boolean,
    project_module: r['project_module'] as string | null,
    channels: r['channels'] as string[],
    cooldown_minutes: r['cooldown_minutes'] as number,
    conditions,
  };
};

export const RuleView = component(
  'AlertRule',
  t.intersection([
    t.type({
      id: Uuid,
      name: t.string,
      kind: oneOf('kind', ruleKinds),
      enabled: t.boolean,
      project_module: t.union([t.string, t.null]),
      channels: t.array(Uuid),
      cooldown_minutes: t.number,
      version: t.number,
      created_at: DateTimeString,
      updated_at: DateTimeString,
    }),
    t.partial({
      states: t.array(t.string),
      profile_name: t.union([t.string, t.null]),
      minutes: t.number,
      max_depth: t.union([t.number, t.null]),
      max_oldest_minutes: t.union([t.number, t.null]),
      hour_utc: t.number,
      dependencies: t.array(t.string),
      changes: t.array(t.string),
    }),
  ]),
);

export const RuleList = component(
  'AlertRuleList',
  t.type({ items: t.array(RuleView), next_cursor: t.union([t.string, t.null]) }),
);

// ---- Deliveries ----

export const DeliveryView = component(
  'AlertDelivery',
  t.type({
    id: Uuid,
    rule_id: t.union([Uuid, t.null]),
    rule_name: t.union([t.string, t.null]),
    channel_id: Uuid,
    channel_kind: oneOf('channel_kind', ['webhook', 'email'] as const),
    type: oneOf('type', ['alert', 'test'] as const),
    subject: t.string,
    dedup_key: t.string,
    state: oneOf('state', deliveryStates),
    attempts: t.number,
    suppressed: t.number,
    last_status: t.union([t.number, t.null]),
    last_latency_ms: t.union([t.number, t.null]),
    last_error: t.union([t.string, t.null]),
    created_at: DateTimeString,
    last_attempt_at: t.union([DateTimeString, t.null]),
    ended_at: t.union([DateTimeString, t.null]),
  }),
);

export const DeliveryList = component(
  'AlertDeliveryList',
  t.type({ items: t.array(DeliveryView), next_cursor: t.union([t.string, t.null]) }),
);

export const ChannelTestView = component(
  'NotificationChannelTest',
  t.intersection([DeliveryView, t.type({ ok: t.boolean })]),
);

export const DeliveryQuery = t.partial({
  state: oneOf('state', deliveryStates),
  rule_id: Uuid,
  channel_id: Uuid,
  ...pageQuery(1000),
});
