import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import { windowStart } from '../shared/window.js';
import type { Db } from './db.js';

/** Login attempt counters shared by every API process through the database. */
export class PgLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Db) {}

  async reserve(key: string, now: Date, windowSeconds: number) {
    const start = windowStart(now, windowSeconds);
    // One statement: concurrent attempts each see their own count (the row lock serialises them).
    const r = await this.db.one<{ attempts: number }>(
      `INSERT INTO login_attempts (key, window_start, attempts) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN login_attempts.window_start = EXCLUDED.window_start
                         THEN login_attempts.attempts + 1 ELSE 1 END,
         window_start = EXCLUDED.window_start
       RETURNING attempts`,
      [key, start],
    );
    return { count: r.attempts, windowEndsAt: new Date(start.getTime() + windowSeconds * 1000) };
  }

  async release(key: string, now: Date, windowSeconds: number): Promise<void> {
    await this.db.none(
      `UPDATE login_attempts SET attempts = attempts - 1
       WHERE key = $1 AND window_start = $2 AND attempts > 0`,
      [key, windowStart(now, windowSeconds)],
    );
  }

  async clear(key: string): Promise<void> {
    await this.db.none('DELETE FROM login_attempts WHERE key = $1', [key]);
  }
}
