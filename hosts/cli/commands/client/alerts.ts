import { uuidPattern } from '../../../../core/domain/idPrefix.js';
import { readFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table, UsageError } from '../../client/clientCommand.js';

export interface Named {
  id: string;
  name: string;
}
interface ChannelView extends Named {
  kind: string;
  enabled: boolean;
  settings: { target?: string; host?: string; port?: number; to?: string[] };
  sealed_fields: string[];
}
interface RuleView extends Named {
  kind: string;
  enabled: boolean;
  project_module: string | null;
  channels: string[];
  cooldown_minutes: number;
}
interface DeliveryView {
  id: string;
  type: string;
  rule_name: string | null;
  channel_kind: string;
  subject: string;
  state: string;
  attempts: number;
  suppressed: number;
  last_status: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  created_at: string;
}

/** A channel's or rule's id from its id or its name (names are unique). */
export const idOf = async (api: ApiClient, path: string, ref: string, what: string): Promise<string> => {
  if (uuidPattern.test(ref)) return ref;
  const hit = (await api.all<Named>(path, {}, 500)).find((x) => x.name === ref);
  if (!hit) throw new UsageError(`no ${what} named ${ref}`);
  return hit.id;
};

/** A JSON file's content; a file that holds secrets should be readable by its owner only. */
export const jsonFile = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
};

/** A rule from a JSON file, its channels given by name turned into ids. */
export const ruleFile = async (api: ApiClient, file: string): Promise<unknown> => {
  const body = jsonFile(file) as { channels?: unknown };
  if (Array.isArray(body.channels))
    body.channels = await Promise.all(
      body.channels.map((c) =>
        typeof c === 'string' ? idOf(api, '/notification-channels', c, 'channel') : c,
      ),
    );
  return body;
};

const where = (c: ChannelView) =>
  c.kind === 'webhook'
    ? (c.settings.target ?? '')
    : `${c.settings.host}:${c.settings.port} -> ${(c.settings.to ?? []).join(', ')}`;

export class AlertChannelAddCommand extends ReadCommand {
  static override paths = [['alert', 'channel', 'add']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "Create a notification channel from a JSON file (the API's NotificationChannelInput; admins)",
    details: `
      A webhook: {"kind": "webhook", "name", "url", "signing_secret", "format": "json" or "slack"}.
      E-mail: {"kind": "email", "name", "host", "port", "security": "starttls", "tls" or "none",
      "username", "password", "from", "to": [...]}. Secrets are sealed by the server and never
      shown again; keep the file readable by you only, or delete it.
    `,
    examples: [['Add a webhook', 'surveyor alert channel add ops-hook.json']],
  });

  file = Option.String({ required: true, name: 'FILE' });

  protected async run(api: ApiClient): Promise<number> {
    const c = await api.request<ChannelView>('POST', '/notification-channels', { body: jsonFile(this.file) });
    if (this.asJson) return this.json(c);
    this.out(`channel ${c.name} created (${c.id}); try it: surveyor alert channel test ${c.name}`);
    return exitCodes.ok;
  }
}

export class AlertChannelListCommand extends ReadCommand {
  static override paths = [['alert', 'channel', 'list']];
  static override usage = Command.Usage({ category: 'Client', description: 'List notification channels' });

  protected async run(api: ApiClient): Promise<number> {
    const items = await api.all<ChannelView>('/notification-channels', {}, 500);
    if (this.asJson) return this.json(items);
    this.out(
      table([
        ['NAME', 'KIND', 'ENABLED', 'TARGET', 'ID'],
        ...items.map((c) => [c.name, c.kind, c.enabled ? 'yes' : 'no', where(c), c.id]),
      ]),
    );
    return exitCodes.ok;
  }
}

export class AlertChannelTestCommand extends ReadCommand {
  static override paths = [['alert', 'channel', 'test']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Send a test message to a channel now and say what happened (exit 1 when it failed)',
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await idOf(api, '/notification-channels', this.ref, 'channel');
    const d = await api.request<DeliveryView & { ok: boolean }>(
      'POST',
      `/notification-channels/${encodeURIComponent(id)}/test`,
    );
    if (this.asJson) this.json(d);
    else
      this.out(
        d.ok
          ? `delivered: status ${d.last_status}, ${d.last_latency_ms} ms (delivery ${d.id})`
          : `not delivered: ${d.last_error ?? `status ${d.last_status}`} (delivery ${d.id})`,
      );
    return d.ok ? exitCodes.ok : exitCodes.failure;
  }
}

/** Enables or disables a channel or a rule by id or name. */
abstract class SwitchCommand extends ReadCommand {
  protected abstract readonly resource: '/notification-channels' | '/alert-rules';
  protected abstract readonly what: 'channel' | 'rule';
  protected abstract readonly enabled: boolean;

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await idOf(api, this.resource, this.ref, this.what);
    const r = await api.request<Named>('PATCH', `${this.resource}/${encodeURIComponent(id)}`, {
      body: { enabled: this.enabled },
    });
    if (this.asJson) return this.json(r);
    this.out(`${this.what} ${r.name} ${this.enabled ? 'enabled' : 'disabled'}`);
    return exitCodes.ok;
  }
}

const switchUsage = (description: string) => Command.Usage({ category: 'Client', description });

export class AlertChannelEnableCommand extends SwitchCommand {
  static override paths = [['alert', 'channel', 'enable']];
  static override usage = switchUsage('Enable a notification channel (admins)');
  protected readonly resource = '/notification-channels' as const;
  protected readonly what = 'channel' as const;
  protected readonly enabled = true;
}

export class AlertChannelDisableCommand extends SwitchCommand {
  static override paths = [['alert', 'channel', 'disable']];
  static override usage = switchUsage('Disable a notification channel (admins): its deliveries fail unsent');
  protected readonly resource = '/notification-channels' as const;
  protected readonly what = 'channel' as const;
  protected readonly enabled = false;
}

export class AlertRuleEnableCommand extends SwitchCommand {
  static override paths = [['alert', 'rule', 'enable']];
  static override usage = switchUsage('Enable an alert rule');
  protected readonly resource = '/alert-rules' as const;
  protected readonly what = 'rule' as const;
  protected readonly enabled = true;
}

export class AlertRuleDisableCommand extends SwitchCommand {
  static override paths = [['alert', 'rule', 'disable']];
  static override usage = switchUsage('Disable an alert rule');
  protected readonly resource = '/alert-rules' as const;
  protected readonly what = 'rule' as const;
  protected readonly enabled = false;
}

export class AlertRuleAddCommand extends ReadCommand {
  static override paths = [['alert', 'rule', 'add']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "Create an alert rule from a JSON file (the API's AlertRuleInput)",
    details: `
      For example {"kind": "execution_ended", "name": "failed runs", "states": ["failed"],
      "project_module": "wallaby_hires", "channels": ["ops-hook"], "cooldown_minutes": 60}.
      Channels may be named: the names are turned into ids before the rule is sent.
    `,
    examples: [['Add', 'surveyor alert rule add failed-runs.json']],
  });

  file = Option.String({ required: true, name: 'FILE' });

  protected async run(api: ApiClient): Promise<number> {
    const r = await api.request<RuleView>('POST', '/alert-rules', { body: await ruleFile(api, this.file) });
    if (this.asJson) return this.json(r);
    this.out(`rule ${r.name} created (${r.id})`);
    return exitCodes.ok;
  }
}

export class AlertRuleListCommand extends ReadCommand {
  static override paths = [['alert', 'rule', 'list']];
  static override usage = Command.Usage({ category: 'Client', description: 'List alert rules' });

  protected async run(api: ApiClient): Promise<number> {
    const items = await api.all<RuleView>('/alert-rules', {}, 500);
    if (this.asJson) return this.json(items);
    this.out(
      table([
        ['NAME', 'KIND', 'ENABLED', 'PROJECT', 'CHANNELS', 'COOLDOWN', 'ID'],
        ...items.map((r) => [
          r.name,
          r.kind,
          r.enabled ? 'yes' : 'no',
          r.project_module ?? '(all)',
          String(r.channels.length),
          `${r.cooldown_minutes} min`,
          r.id,
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}

export class AlertDeliveriesCommand extends ReadCommand {
  static override paths = [['alert', 'deliveries']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'List alert deliveries, newest first (--state, --rule, --channel; --limit, default 50)',
  });

  state = Option.String('--state', { description: 'pending, delivered or failed' });
  rule = Option.String('--rule', { description: "A rule's id or name" });
  channel = Option.String('--channel', { description: "A channel's id or name" });
  limit = Option.String('--limit', '50', { description: 'At most this many (1 to 1000)' });

  protected async run(api: ApiClient): Promise<number> {
    const limit = Number(this.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new UsageError('--limit must be 1 to 1000');
    const page = await api.request<{ items: DeliveryView[] }>('GET', '/alert-deliveries', {
      query: {
        state: this.state,
        rule_id: this.rule ? await idOf(api, '/alert-rules', this.rule, 'rule') : undefined,
        channel_id: this.channel
          ? await idOf(api, '/notification-channels', this.channel, 'channel')
          : undefined,
        limit: String(limit),
      },
    });
    if (this.asJson) return this.json(page.items);
    this.out(
      table([
        ['CREATED', 'STATE', 'TRIES', 'FOLDED', 'LAST', 'RULE', 'SUBJECT', 'ID'],
        ...page.items.map((d) => [
          d.created_at.replace(/\.\d+Z$/, 'Z'),
          d.state,
          String(d.attempts),
          String(d.suppressed),
          d.last_error ?? (d.last_status === null ? '' : `${d.last_status}, ${d.last_latency_ms} ms`),
          d.rule_name ?? `(${d.type})`,
          d.subject,
          d.id,
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}
