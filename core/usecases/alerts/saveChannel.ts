import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, type FieldIssue, validationError } from '../../errors.js';
import {
  type ChannelInput,
  type ChannelSecrets,
  type ChannelSettings,
  defaultSmtpPort,
  type NotificationChannel,
} from '../../domain/alerting.js';
import type { AlertDeps } from './alertDeps.js';

type Deps = Pick<AlertDeps, 'alerts' | 'box' | 'targets' | 'clock' | 'random'>;

/** Why a webhook URL's host and port may not be reached (its port, or its scheme's). */
const urlRefusal = (deps: Deps, url: string): string | null => {
  const u = new URL(url);
  return deps.targets.refusal(
    u.hostname,
    u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
    'web',
  );
};

const refused = (issues: readonly FieldIssue[]) =>
  validationError('the notification channel is not valid', issues);

/** The settings and secrets a channel input gives, on top of what a replaced channel had. */
const settle = (
  deps: Deps,
  input: ChannelInput,
  before: { readonly settings: ChannelSettings; readonly secrets: ChannelSecrets } | null,
): E.Either<AppError, { settings: ChannelSettings; secrets: ChannelSecrets }> => {
  const kept = before && before.settings.kind === input.kind ? before.secrets : {};
  const issues: FieldIssue[] = [];
  if (input.kind === 'webhook') {
    const url = input.url ?? kept.url;
    const signing = input.signing_secret ?? kept.signing_secret;
    if (url === undefined)
      issues.push({ path: 'url', message: 'is required (it is kept when a replace omits it)' });
    if (signing === undefined)
      issues.push({
        path: 'signing_secret',
        message:
          'is required: every webhook is signed (HMAC-SHA256) so its receiver can check it came from here',
      });
    const why = url === undefined ? null : urlRefusal(deps, url);
    if (why) issues.push({ path: 'url', message: why });
    if (issues.length > 0 || url === undefined || signing === undefined) return E.left(refused(issues));
    return E.right({
      settings: { kind: 'webhook', format: input.format, target: new URL(url).origin },
      secrets: { url, signing_secret: signing },
    });
  }
  const why = deps.targets.refusal(input.host, input.port ?? defaultSmtpPort(input.security), 'smtp');
  if (why) issues.push({ path: 'host', message: why });
  const username = input.username ?? null;
  const password = input.password ?? kept.password;
  if (username !== null && password === undefined)
    issues.push({ path: 'password', message: 'is required with a username' });
  if (username === null && input.password !== undefined)
    issues.push({ path: 'username', message: 'is required with a password' });
  if (input.security === 'none' && password !== undefined)
    issues.push({ path: 'security', message: 'must be starttls or tls when a password is sent' });
  if (issues.length > 0) return E.left(refused(issues));
  return E.right({
    settings: {
      kind: 'email',
      host: input.host,
      port: input.port ?? defaultSmtpPort(input.security),
      security: input.security,
      verify_tls: input.verify_tls,
      username,
      from: input.from,
      to: input.to,
    },
    secrets: username === null ? {} : { password: password! },
  });
};

const nameTaken = (name: string) => appError('conflict', `a notification channel named ${name} exists`);
const noChannel = (id: string) => appError('not_found', `no notification channel ${id}`);

export const createChannel = async (
  deps: Deps,
  input: ChannelInput,
): Promise<E.Either<AppError, { channel: NotificationChannel; secrets: ChannelSecrets }>> => {
  const s = settle(deps, input, null);
  if (E.isLeft(s)) return s;
  const now = deps.clock.now();
  const channel: NotificationChannel = {
    id: deps.random.uuid(),
    name: input.name,
    description: input.description,
    enabled: input.enabled,
    settings: s.right.settings,
    sealedSecrets: deps.box.seal(s.right.secrets),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const r = await deps.alerts.insertChannel(channel);
  return r === 'ok' ? E.right({ channel, secrets: s.right.secrets }) : E.left(nameTaken(input.name));
};

/** Replaces a channel; secrets left out are kept (when the kind stays the same). */
export const replaceChannel = async (
  deps: Deps,
  id: string,
  input: ChannelInput,
): Promise<E.Either<AppError, { channel: NotificationChannel; secrets: ChannelSecrets }>> => {
  const current = await deps.alerts.getChannel(id);
  if (!current) return E.left(noChannel(id));
  const s = settle(deps, input, {
    settings: current.settings,
    secrets: deps.box.open(current.sealedSecrets),
  });
  if (E.isLeft(s)) return s;
  const channel: NotificationChannel = {
    ...current,
    name: input.name,
    description: input.description,
    enabled: input.enabled,
    settings: s.right.settings,
    sealedSecrets: deps.box.seal(s.right.secrets),
    version: current.version + 1,
    updatedAt: deps.clock.now(),
  };
  const r = await deps.alerts.replaceChannel(channel, current.version);
  if (r === 'name_taken') return E.left(nameTaken(input.name));
  if (r === 'version_conflict')
    return E.left(
      appError('conflict', `notification channel ${id} changed meanwhile; read it and try again`),
    );
  return E.right({ channel, secrets: s.right.secrets });
};

/** Enables or disables a channel: a disabled channel's deliveries fail without being sent. */
export const setChannelEnabled = async (
  deps: Deps,
  id: string,
  enabled: boolean,
): Promise<E.Either<AppError, { channel: NotificationChannel; secrets: ChannelSecrets }>> => {
  const current = await deps.alerts.getChannel(id);
  if (!current) return E.left(noChannel(id));
  const secrets = deps.box.open(current.sealedSecrets);
  if (current.enabled === enabled) return E.right({ channel: current, secrets });
  const channel = { ...current, enabled, version: current.version + 1, updatedAt: deps.clock.now() };
  const r = await deps.alerts.replaceChannel(channel, current.version);
  if (r !== 'ok')
    return E.left(appError('conflict', `notification channel ${id} changed meanwhile; try again`));
  return E.right({ channel, secrets });
};

export const deleteChannel = async (deps: Deps, id: string): Promise<E.Either<AppError, true>> => {
  const r = await deps.alerts.deleteChannel(id);
  if (r === 'not_found') return E.left(noChannel(id));
  if (r !== 'ok')
    return E.left(
      appError(
        'conflict',
        `rules send to this channel: ${r.usedBy.join(', ')}; change or delete them first`,
        {
          rules: r.usedBy,
        },
      ),
    );
  return E.right(true);
};
