import type { AlertRule, NotificationChannel } from '../../core/domain/alerting.js';
import type { AlertRepository } from '../../core/ports/AlertRepository.js';
import { byCodePoint, decodeCursor, encodeCursor, type MemoryStore, pageAfter } from './store.js';

/** Alerting in memory, on the store the other repositories share (its events fill the outbox). */
export class MemoryAlertRepository implements AlertRepository {
  constructor(private readonly store: MemoryStore) {}

  private nameFree(name: string, id: string, of: 'channels' | 'rules') {
    const all =
      of === 'channels'
        ? [...this.store.channels.values()]
        : [...this.store.rules.values()].map((r) => r.rule);
    return !all.some((x) => x.name === name && x.id !== id);
  }

  async insertChannel(c: NotificationChannel) {
    if (!this.nameFree(c.name, c.id, 'channels')) return 'name_taken' as const;
    this.store.channels.set(c.id, c);
    return 'ok' as const;
  }

  async replaceChannel(c: NotificationChannel, expectedVersion: number) {
    if (this.store.channels.get(c.id)?.version !== expectedVersion) return 'version_conflict' as const;
    if (!this.nameFree(c.name, c.id, 'channels')) return 'name_taken' as const;
    this.store.channels.set(c.id, c);
    return 'ok' as const;
  }

  async deleteChannel(id: string) {
    const users = [...this.store.rules.values()]
      .filter((r) => r.rule.channelIds.includes(id))
      .map((r) => r.rule.name)
      .sort(byCodePoint);
    if (users.length > 0) return { usedBy: users };
    return this.store.channels.delete(id) ? ('ok' as const) : ('not_found' as const);
  }

  async getChannel(id: string) {
    return this.store.channels.get(id) ?? null;
  }

  async pageChannels(limit: number, cursor: string | null) {
    return byName([...this.store.channels.values()], 'c', limit, cursor);
  }

  async insertRule(r: AlertRule, eventKinds: readonly string[]) {
    if (!this.nameFree(r.name, r.id, 'rules')) return 'name_taken' as const;
    this.store.rules.set(r.id, { rule: r, eventKinds });
    return 'ok' as const;
  }

  async replaceRule(r: AlertRule, eventKinds: readonly string[], expectedVersion: number) {
    if (this.store.rules.get(r.id)?.rule.version !== expectedVersion) return 'version_conflict' as const;
    if (!r.channelIds.every((c) => this.store.channels.has(c))) return 'version_conflict' as const;
    if (!this.nameFree(r.name, r.id, 'rules')) return 'name_taken' as const;
    this.store.rules.set(r.id, { rule: r, eventKinds });
    return 'ok' as const;
  }

  async deleteRule(id: string) {
    return this.store.rules.delete(id);
  }

  async getRule(id: string) {
    return this.store.rules.get(id)?.rule ?? null;
  }

  async pageRules(limit: number, cursor: string | null) {
    return byName(
      [...this.store.rules.values()].map((r) => r.rule),
      'r',
      limit,
      cursor,
    );
  }

  async stateRules() {
    return [...this.store.rules.values()]
      .filter((r) => r.rule.enabled && r.eventKinds.length === 0)
      .map((r) => r.rule)
      .sort((a, b) => byCodePoint(a.name, b.name));
  }
}

/** Keyset paging by name, as PostgreSQL's COLLATE "C". */
const byName = <T extends { name: string }>(
  all: readonly T[],
  tag: string,
  limit: number,
  cursor: string | null,
) => {
  let after = '';
  if (cursor !== null) {
    const k = decodeCursor(tag, cursor);
    if (typeof k !== 'string') return 'bad_cursor' as const;
    after = k;
  }
  return pageAfter(
    [...all].sort((a, b) => byCodePoint(a.name, b.name)),
    (x) => byCodePoint(x.name, after) > 0,
    limit,
    (x) => encodeCursor(tag, x.name),
  );
};
