import { removesAnAdmin, type User, type UserChange } from '../../core/domain/user.js';
import type { NewEvent } from '../../core/domain/event.js';
import type { ProjectRole, ProjectRoles } from '../../core/domain/roles.js';
import type { UserRepository } from '../../core/ports/UserRepository.js';
import type { MemoryStore } from './store.js';

export class MemoryUserRepository implements UserRepository {
  private readonly byId = new Map<string, User>();
  private readonly grants = new Map<string, Map<string, ProjectRole>>();
  constructor(private readonly store: MemoryStore) {}

  async insert(user: User, event: NewEvent, now: Date): Promise<boolean> {
    if ([...this.byId.values()].some((u) => u.username.toLowerCase() === user.username.toLowerCase()))
      return false;
    this.byId.set(user.id, user);
    this.store.appendEvent(event, now);
    return true;
  }
  async findByUsername(username: string): Promise<User | null> {
    return [...this.byId.values()].find((u) => u.username.toLowerCase() === username.toLowerCase()) ?? null;
  }
  async findById(id: string): Promise<User | null> {
    return this.byId.get(id) ?? null;
  }
  async countAdmins(): Promise<number> {
    return [...this.byId.values()].filter((u) => u.role === 'admin' && u.disabledAt === null).length;
  }
  async list(): Promise<readonly User[]> {
    return [...this.byId.values()].sort((a, b) => a.username.localeCompare(b.username));
  }
  async update(id: string, change: UserChange, eventsOf: (stored: User) => readonly NewEvent[], now: Date) {
    const u = this.byId.get(id);
    if (!u) return 'not_found' as const;
    const others = [...this.byId.values()].filter(
      (o) => o.id !== id && o.role === 'admin' && o.disabledAt === null,
    );
    if (removesAnAdmin(u, change) && others.length === 0) return 'last_admin' as const;
    this.byId.set(id, { ...u, ...change });
    for (const e of eventsOf(u)) this.store.appendEvent(e, now);
    return 'updated' as const;
  }
  async projectRoles(userId: string): Promise<ProjectRoles> {
    return Object.fromEntries(
      [...(this.grants.get(userId) ?? new Map()).entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  }
  async grantProjectRole(
    userId: string,
    projectModule: string,
    role: ProjectRole,
    _by: string,
    event: NewEvent,
    now: Date,
  ) {
    if (!this.byId.has(userId)) return 'not_found' as const;
    const held = this.grants.get(userId) ?? new Map<string, ProjectRole>();
    held.set(projectModule, role);
    this.grants.set(userId, held);
    this.store.appendEvent(event, now);
    return 'granted' as const;
  }
  async revokeProjectRole(userId: string, projectModule: string, event: NewEvent, now: Date) {
    if (!this.grants.get(userId)?.delete(projectModule)) return 'not_held' as const;
    this.store.appendEvent(event, now);
    return 'revoked' as const;
  }
}
