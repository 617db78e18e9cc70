import type { AlertRule, NotificationChannel } from '../domain/alerting.js';

export interface Paged<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}

/** The alerts' settings: notification channels and alert rules. Deliveries have their own port. */
export interface AlertRepository {
  insertChannel(c: NotificationChannel): Promise<'ok' | 'name_taken'>;
  /** Stores `c` (version + 1) when the stored one is at `expectedVersion`. */
  replaceChannel(
    c: NotificationChannel,
    expectedVersion: number,
  ): Promise<'ok' | 'name_taken' | 'version_conflict'>;
  /** Refused while rules send to it: their names. */
  deleteChannel(id: string): Promise<'ok' | 'not_found' | { readonly usedBy: readonly string[] }>;
  getChannel(id: string): Promise<NotificationChannel | null>;
  pageChannels(limit: number, cursor: string | null): Promise<Paged<NotificationChannel> | 'bad_cursor'>;

  insertRule(r: AlertRule, eventKinds: readonly string[]): Promise<'ok' | 'name_taken'>;
  replaceRule(
    r: AlertRule,
    eventKinds: readonly string[],
    expectedVersion: number,
  ): Promise<'ok' | 'name_taken' | 'version_conflict'>;
  deleteRule(id: string): Promise<boolean>;
  getRule(id: string): Promise<AlertRule | null>;
  pageRules(limit: number, cursor: string | null): Promise<Paged<AlertRule> | 'bad_cursor'>;
  /** The enabled rules the alert tick evaluates (those no event fires). */
  stateRules(): Promise<readonly AlertRule[]>;
}
