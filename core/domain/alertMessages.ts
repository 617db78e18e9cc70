import type { AlertMessage, AlertRule } from './alerting.js';
import { isAccountEvent } from './accountEvents.js';
import type { ProvenanceEvent } from './event.js';
import { redact, redactString } from '../redaction.js';

/** Longest text an alert carries; an error message longer than this is cut. */
export const maxAlertText = 4000;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const ruleRef = (r: AlertRule) => ({ id: r.id, name: r.name, kind: r.conditions.kind });

const line = (label: string, v: unknown) =>
  v === undefined || v === null || v === ''
    ? []
    : [`${label}: ${typeof v === 'string' ? v : JSON.stringify(v)}`];

/** What a profile's pause events say, after the profile's name. */
const profileWords: Readonly<Record<string, string>> = {
  'profile.paused': 'paused',
  'profile.resumed': 'resumed',
  'profile.pause_began': 'paused: the window set ahead began',
  'profile.pause_ended': 'resumed: the window ended at its time',
};

/** An account audit event in words: whose account, and what changed (domain/accountEvents.ts). */
const accountWhat = (event: ProvenanceEvent, payload: Record<string, unknown>) => {
  const change = event.kind.replace(/^(user|address)\./, '').replace(/_/g, ' ');
  const limit =
    typeof payload['limit'] === 'number'
      ? ` after ${payload['limit']} failed logins in ${String(payload['window_seconds'])} s`
      : '';
  if (event.subjectType === 'address') return `client address ${event.subjectId}: ${change}${limit}`;
  if (event.kind === 'user.login_held_back')
    return `logins as ${String(payload['username'] ?? event.subjectId)} held back${limit}`;
  const role =
    event.kind === 'user.role_changed' ? ` from ${String(payload['from'])} to ${String(payload['to'])}` : '';
  return `account ${String(payload['username'] ?? event.subjectId)}: ${change}${role}`;
};

/** The alert an event fired: subject and text a person reads, details a program does. */
export const eventAlert = (
  rule: AlertRule,
  event: ProvenanceEvent,
  context: { readonly profileName: string | null },
): AlertMessage => {
  // Payloads pass through redaction once more: an alert leaves the service.
  const payload = redact(event.payload) as Record<string, unknown>;
  const project = event.projectModule;
  const what =
    event.subjectType === 'execution'
      ? `execution ${event.subjectId} ${event.kind.replace(/^execution\./, '')}`
      : event.kind === 'source.changed'
        ? `source ${String(payload['source_identifier'] ?? event.subjectId)} changed in discovery`
        : event.kind === 'source.data_held' || event.kind === 'source.data_released'
          ? `source ${String(payload['source_identifier'] ?? event.subjectId)}: ${
              event.kind === 'source.data_held'
                ? 'its data is not yet released to the archive account'
                : 'its data is now released to the archive account'
            }`
          : isAccountEvent(event)
            ? accountWhat(event, payload)
            : Object.hasOwn(profileWords, event.kind)
              ? `profile ${String(payload['name'] ?? event.subjectId)} ${profileWords[event.kind]}`
              : event.kind === 'automation.source_held'
                ? `automation stopped trying source ${String(payload['source_identifier'] ?? event.subjectId)} after ${String(payload['failed_runs'])} failed run${payload['failed_runs'] === 1 ? '' : 's'}`
                : event.kind === 'automation.blocked'
                  ? 'automation cannot create executions'
                  : `${event.subjectType} ${event.subjectId}: ${event.kind}`;
  const subject = cut(`[surveyor] ${project ? `${project}: ` : ''}${what}`, 200);
  const text = cut(
    [
      subject.replace(/^\[surveyor\] /, ''),
      ...line('rule', rule.name),
      ...line('project', project),
      ...line('profile', context.profileName),
      ...line('attempt', payload['attempt']),
      ...line('error', payload['error']),
      ...line('step', payload['step']),
      ...line('remote state', payload['remote_state']),
      ...line('failed drops', payload['failed_drops']),
      ...line('signature', payload['signature']),
      ...line(
        'reason',
        event.subjectType === 'profile' ||
          event.kind === 'automation.blocked' ||
          event.kind === 'source.data_held'
          ? payload['reason']
          : null,
      ),
      ...line('last execution', payload['last_execution']),
      ...line('why', event.kind === 'automation.source_held' ? payload['why'] : null),
      ...line('was held', event.kind === 'source.data_released' ? payload['held_for'] : null),
      ...pauseWindowLines(event, payload),
      ...line('by', isAccountEvent(event) || event.subjectType === 'profile' ? event.actor : null),
      `at: ${event.createdAt.toISOString()}`,
    ].join('\n'),
    maxAlertText,
  );
  return {
    type: 'alert',
    subject,
    text,
    rule: ruleRef(rule),
    details: {
      event: {
        id: event.id,
        kind: event.kind,
        project_module: project,
        subject_type: event.subjectType,
        subject_id: event.subjectId,
        payload,
      },
      profile_name: context.profileName,
    },
    occurred_at: event.createdAt.toISOString(),
  };
};

/** A pause's window, when it has one: its beginning when set ahead, and its end when it has one. */
const pauseWindowLines = (event: ProvenanceEvent, payload: Readonly<Record<string, unknown>>): string[] => {
  if (event.subjectType !== 'profile') return [];
  const from = payload['from'];
  const ahead = typeof from === 'string' && Date.parse(from) > event.createdAt.getTime();
  return [...line('from', ahead ? from : null), ...line('until', payload['until'])];
};

/** The alert a state rule fired on the tick: what it saw, in figures. */
export const stateAlert = (
  rule: AlertRule,
  headline: string,
  lines: readonly string[],
  details: Readonly<Record<string, unknown>>,
  now: Date,
): AlertMessage => {
  const subject = cut(`[surveyor] ${headline}`, 200);
  return {
    type: 'alert',
    subject,
    text: cut(
      redactString([headline, ...line('rule', rule.name), ...lines, `at: ${now.toISOString()}`].join('\n')),
      maxAlertText,
    ),
    rule: ruleRef(rule),
    details: redact(details) as Record<string, unknown>,
    occurred_at: now.toISOString(),
  };
};

/** What `POST /notification-channels/{id}/test` sends. */
export const testAlert = (channelName: string, by: string, now: Date): AlertMessage => ({
  type: 'test',
  subject: `[surveyor] test message for channel ${channelName}`,
  text: `A test message from surveyor, sent by ${by} to check the channel ${channelName}. Nothing is wrong.`,
  rule: null,
  details: { channel: channelName, by },
  occurred_at: now.toISOString(),
});
