import { removesAnAdmin, type User, type UserChange } from '../../core/domain/user.js';
import type { UserRepository } from '../../core/ports/UserRepository.js';

export class MemoryUserRepository implements UserRepository {
  private readonly byId = new Map<string, User>();
  async insert(user: User): Promise<boolean> {
    if ([...this.byId.values()].some((u) => u.username.toLowerCase() === user.username.toLowerCase()))
      return false;
    this.byId.set(user.id, user);
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
  async update(id: string, change: UserChange) {
    const u = this.byId.get(id);
    if (!u) return 'not_found' as const;
    const others = [...this.byId.values()].filter(
      (o) => o.id !== id && o.role === 'admin' && o.disabledAt === null,
    );
    if (removesAnAdmin(u, change) && others.length === 0) return 'last_admin' as const;
    this.byId.set(id, { ...u, ...change });
    return 'updated' as const;
  }
}
