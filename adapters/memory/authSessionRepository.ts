import type { AuthSession, RefreshTokenRecord } from '../../core/domain/authSession.js';
import type { AuthSessionRepository, RotateOutcome } from '../../core/ports/AuthSessionRepository.js';
import type { UserRepository } from '../../core/ports/UserRepository.js';
import { type ApiTokenView, isApiToken } from '../../core/domain/apiToken.js';
import type { NewEvent } from '../../core/domain/event.js';
import type { MemoryStore } from './store.js';

export class MemoryAuthSessionRepository implements AuthSessionRepository {
  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'projectRoles'>,
    private readonly store: Pick<MemoryStore, 'appendEvent'>,
  ) {}
  private readonly sessions = new Map<string, AuthSession>();
  private readonly tokens = new Map<string, RefreshTokenRecord>();
  async create(session: AuthSession, firstToken: RefreshTokenRecord): Promise<void> {
    this.sessions.set(session.id, session);
    this.tokens.set(firstToken.tokenHash, firstToken);
  }
  async find(sessionId: string): Promise<AuthSession | null> {
    return this.sessions.get(sessionId) ?? null;
  }
  async findWithUser(sessionId: string) {
    const session = this.sessions.get(sessionId);
    const user = session ? await this.users.findById(session.userId) : null;
    return session && user ? { session, user, projectRoles: await this.users.projectRoles(user.id) } : null;
  }
  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null> {
    return this.tokens.get(tokenHash) ?? null;
  }
  async rotate(oldHash: string, next: RefreshTokenRecord, now: Date): Promise<RotateOutcome> {
    const old = this.tokens.get(oldHash);
    if (!old) return 'unknown';
    if (old.usedAt !== null) return 'already_used';
    this.tokens.set(oldHash, { ...old, usedAt: now });
    this.tokens.set(next.tokenHash, next);
    return 'rotated';
  }
  async revoke(sessionId: string, now: Date, reason: string): Promise<void> {
    const s = this.sessions.get(sessionId);
    if (s && s.revokedAt === null)
      this.sessions.set(sessionId, { ...s, revokedAt: now, revokeReason: reason });
  }

  async revokeAllOf(userId: string, now: Date, reason: string, except?: string): Promise<number> {
    const live = [...this.sessions.values()].filter(
      (s) => s.userId === userId && s.revokedAt === null && s.id !== except,
    );
    for (const s of live) this.sessions.set(s.id, { ...s, revokedAt: now, revokeReason: reason });
    return live.length;
  }

  /** Forgets logins that ended before `before` (with their refresh tokens); how many, or would. */
  pruneEnded(before: Date, dryRun: boolean): number {
    const ended = [...this.sessions.values()].filter(
      (x) => x.expiresAt < before || (x.revokedAt !== null && x.revokedAt < before),
    );
    if (!dryRun)
      for (const x of ended) {
        this.sessions.delete(x.id);
        for (const [hash, t] of this.tokens) if (t.sessionId === x.id) this.tokens.delete(hash);
      }
    return ended.length;
  }

  async createApiToken(
    session: AuthSession,
    event: NewEvent,
    maxLive: number,
    now: Date,
  ): Promise<'created' | 'name_taken' | 'too_many'> {
    const live = [...this.sessions.values()].filter(
      (s) => s.userId === session.userId && isApiToken(s) && s.revokedAt === null && s.expiresAt > now,
    );
    const name = session.apiToken!.name.toLowerCase();
    if (live.some((s) => s.apiToken!.name.toLowerCase() === name)) return 'name_taken';
    if (live.length >= maxLive) return 'too_many';
    this.sessions.set(session.id, session);
    this.store.appendEvent(event, now);
    return 'created';
  }

  async touchApiToken(id: string, now: Date): Promise<void> {
    const s = this.sessions.get(id);
    if (!s || !isApiToken(s)) return;
    const last = s.apiToken.lastUsedAt;
    if (last === null || last < now)
      this.sessions.set(id, { ...s, apiToken: { ...s.apiToken, lastUsedAt: now } });
  }

  async listApiTokens(userId: string | null): Promise<readonly ApiTokenView[]> {
    const tokens = [...this.sessions.values()]
      .filter((s) => isApiToken(s) && (userId === null || s.userId === userId))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
    return Promise.all(tokens.map((s) => this.viewOf(s)));
  }

  async revokeApiToken(
    id: string,
    userId: string | null,
    now: Date,
    eventOf: (token: ApiTokenView) => NewEvent,
  ): Promise<ApiTokenView | null> {
    const s = this.sessions.get(id);
    if (!s || !isApiToken(s) || s.revokedAt !== null || s.expiresAt <= now) return null;
    if (userId !== null && s.userId !== userId) return null;
    const token = await this.viewOf(s);
    this.sessions.set(id, { ...s, revokedAt: now, revokeReason: 'token_revoked' });
    this.store.appendEvent(eventOf(token), now);
    return { ...token, revokedAt: now, revokeReason: 'token_revoked' };
  }

  private async viewOf(s: AuthSession): Promise<ApiTokenView> {
    return {
      id: s.id,
      name: s.apiToken!.name,
      role: s.apiToken!.role,
      userId: s.userId,
      username: (await this.users.findById(s.userId))?.username ?? '',
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      revokedAt: s.revokedAt,
      revokeReason: s.revokeReason,
      lastUsedAt: s.apiToken!.lastUsedAt,
    };
  }
}
