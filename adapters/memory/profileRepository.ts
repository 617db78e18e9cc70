import type { NewEvent } from '../../core/domain/event.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { ProfileRepository, ProfileWriteOutcome } from '../../core/ports/ProfileRepository.js';
import { byCodePoint, decodeCursor, encodeCursor, json, type MemoryStore, pageAfter } from './store.js';

/** Profiles sort by scope ('' for global, first), then name, in code point order. */
const key = (p: DeploymentProfile): [string, string] => [p.project_module ?? '', p.name];
const compare = (a: [string, string], b: [string, string]) =>
  byCodePoint(a[0], b[0]) || byCodePoint(a[1], b[1]);
const isKey = (k: unknown): k is [string, string] =>
  Array.isArray(k) && k.length === 2 && k.every((x) => typeof x === 'string');

export class MemoryProfileRepository implements ProfileRepository {
  constructor(private readonly store: MemoryStore) {}

  /** The unique rules PostgreSQL's indexes hold: one name and one default per scope. */
  private clash(p: DeploymentProfile): ProfileWriteOutcome | null {
    for (const o of this.store.profiles.values()) {
      if (o.id === p.id || o.project_module !== p.project_module) continue;
      if (p.is_default && o.is_default) return 'default_taken';
      if (o.name === p.name) return 'name_taken';
    }
    return null;
  }

  private put(p: DeploymentProfile): void {
    this.store.profiles.set(p.id, { ...p, translation: json(p.translation), deployment: json(p.deployment) });
  }

  async insert(p: DeploymentProfile, event: NewEvent, now: Date): Promise<ProfileWriteOutcome> {
    const clash = this.clash(p);
    if (clash) return clash;
    this.put(p);
    this.store.appendEvent(event, now);
    return 'ok';
  }

  async replace(p: DeploymentProfile, expectedVersion: number, event: NewEvent, now: Date) {
    const old = this.store.profiles.get(p.id);
    if (!old) return 'not_found' as const;
    if (old.version !== expectedVersion) return 'version_conflict' as const;
    const clash = this.clash(p);
    if (clash) return clash;
    this.put(p);
    this.store.appendEvent(event, now);
    return 'ok' as const;
  }

  async delete(id: string, expectedVersion: number, event: NewEvent, now: Date): Promise<boolean> {
    if (this.store.profiles.get(id)?.version !== expectedVersion) return false;
    this.store.profiles.delete(id);
    this.store.pauses.delete(id);
    this.store.appendEvent(event, now);
    return true;
  }

  async get(id: string): Promise<DeploymentProfile | null> {
    return this.store.profiles.get(id) ?? null;
  }

  async findByName(projectModule: string | null, name: string): Promise<DeploymentProfile | null> {
    return this.sorted().find((p) => p.project_module === projectModule && p.name === name) ?? null;
  }

  async findDefault(projectModule: string | null): Promise<DeploymentProfile | null> {
    return this.sorted().find((p) => p.project_module === projectModule && p.is_default) ?? null;
  }

  private sorted(projectModule?: string): DeploymentProfile[] {
    return [...this.store.profiles.values()]
      .filter(
        (p) => projectModule === undefined || p.project_module === projectModule || p.project_module === null,
      )
      .sort((a, b) => compare(key(a), key(b)));
  }

  async list(projectModule?: string): Promise<readonly DeploymentProfile[]> {
    return this.sorted(projectModule);
  }

  async page(projectModule: string | undefined, limit: number, cursor: string | null) {
    const after = cursor === null ? ['', ''] : decodeCursor('p', cursor);
    if (!isKey(after)) return 'bad_cursor' as const;
    return pageAfter(
      this.sorted(projectModule),
      (p) => compare(key(p), after) > 0,
      limit,
      (p) => encodeCursor('p', key(p)),
    );
  }
}
