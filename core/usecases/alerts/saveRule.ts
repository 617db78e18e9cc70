import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError, type FieldIssue, validationError } from '../../errors.js';
import {
  type AlertRule,
  eventKindsOf,
  isAccountRule,
  type RuleConditions,
  type RuleInput,
} from '../../domain/alerting.js';
import { type Role, roleAllows } from '../../domain/roles.js';
import type { AlertDeps } from './alertDeps.js';

type Deps = Pick<AlertDeps, 'alerts' | 'clock' | 'random'>;

/**
 * Rules are an operator's, but a rule on the account audit is an admin's: it tells who manages
 * accounts, and silencing it (a change, a disable, a delete) would hide a new admin from them.
 */
const refusedFor = (by: Role, ...conditions: RuleConditions[]): AppError | null => {
  const c = conditions.find(isAccountRule);
  if (!c || roleAllows(by, 'admin')) return null;
  return appError('forbidden', `only an admin may make or change ${accountRuleWords[c.kind]}`);
};

const accountRuleWords: Readonly<Record<string, string>> = {
  account_changed: 'an account_changed rule: it reports the account audit',
  token_expiring: "a token_expiring rule: it reports accounts' API tokens",
};

/** What a rule's input breaks beyond its shape: unknown channels, no threshold. */
const check = async (deps: Deps, input: RuleInput): Promise<AppError | null> => {
  const issues: FieldIssue[] = [];
  const c = input.conditions;
  if (c.kind === 'queue_backlog' && c.max_depth === null && c.max_oldest_minutes === null)
    issues.push({ path: 'max_depth', message: 'give max_depth, max_oldest_minutes or both' });
  if (isAccountRule(c) && input.project_module !== null)
    issues.push({
      path: 'project_module',
      message: `${c.kind === 'account_changed' ? 'account events' : 'API tokens'} belong to no project: leave it null`,
    });
  if (new Set(input.channels).size !== input.channels.length)
    issues.push({ path: 'channels', message: 'names a channel twice' });
  const found = await Promise.all(input.channels.map((id) => deps.alerts.getChannel(id)));
  found.forEach((ch, i) => {
    if (!ch) issues.push({ path: `channels.${i}`, message: `no notification channel ${input.channels[i]}` });
  });
  return issues.length > 0 ? validationError('the alert rule is not valid', issues) : null;
};

const build = (
  input: RuleInput,
  base: Pick<AlertRule, 'id' | 'version' | 'createdAt' | 'updatedAt'>,
): AlertRule => ({
  ...base,
  name: input.name,
  enabled: input.enabled,
  projectModule: input.project_module,
  conditions: input.conditions,
  channelIds: input.channels,
  cooldownMinutes: input.cooldown_minutes,
});

const noRule = (id: string) => appError('not_found', `no alert rule ${id}`);

const nameTaken = (name: string) => appError('conflict', `an alert rule named ${name} exists`);

export const createRule = async (
  deps: Deps,
  input: RuleInput,
  by: Role,
): Promise<E.Either<AppError, AlertRule>> => {
  const refused = refusedFor(by, input.conditions);
  if (refused) return E.left(refused);
  const bad = await check(deps, input);
  if (bad) return E.left(bad);
  const now = deps.clock.now();
  const rule = build(input, { id: deps.random.uuid(), version: 1, createdAt: now, updatedAt: now });
  const r = await deps.alerts.insertRule(rule, eventKindsOf(rule.conditions));
  return r === 'ok' ? E.right(rule) : E.left(nameTaken(input.name));
};

export const replaceRule = async (
  deps: Deps,
  id: string,
  input: RuleInput,
  by: Role,
): Promise<E.Either<AppError, AlertRule>> => {
  const current = await deps.alerts.getRule(id);
  if (!current) return E.left(noRule(id));
  const refused = refusedFor(by, current.conditions, input.conditions);
  if (refused) return E.left(refused);
  const bad = await check(deps, input);
  if (bad) return E.left(bad);
  const rule = build(input, { ...current, version: current.version + 1, updatedAt: deps.clock.now() });
  const r = await deps.alerts.replaceRule(rule, eventKindsOf(rule.conditions), current.version);
  if (r === 'name_taken') return E.left(nameTaken(input.name));
  if (r === 'version_conflict')
    return E.left(appError('conflict', `alert rule ${id} changed meanwhile; read it and try again`));
  return E.right(rule);
};

export const setRuleEnabled = async (
  deps: Deps,
  id: string,
  enabled: boolean,
  by: Role,
): Promise<E.Either<AppError, AlertRule>> => {
  const current = await deps.alerts.getRule(id);
  if (!current) return E.left(noRule(id));
  const refused = refusedFor(by, current.conditions);
  if (refused) return E.left(refused);
  if (current.enabled === enabled) return E.right(current);
  const rule = { ...current, enabled, version: current.version + 1, updatedAt: deps.clock.now() };
  const r = await deps.alerts.replaceRule(rule, eventKindsOf(rule.conditions), current.version);
  return r === 'ok'
    ? E.right(rule)
    : E.left(appError('conflict', `alert rule ${id} changed meanwhile; try again`));
};

export const deleteRule = async (deps: Deps, id: string, by: Role): Promise<E.Either<AppError, void>> => {
  const current = await deps.alerts.getRule(id);
  if (!current) return E.left(noRule(id));
  const refused = refusedFor(by, current.conditions);
  if (refused) return E.left(refused);
  return (await deps.alerts.deleteRule(id)) ? E.right(undefined) : E.left(noRule(id));
};
