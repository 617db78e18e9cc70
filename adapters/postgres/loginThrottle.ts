import type { LoginThrottle } from '../../core/ports/LoginThrottle.js';
import { windowStart } from '../shared/window.js';
import type { Db } from './db.js';

/** Failed-login counters shared by every API process through the database. */
export class PgLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Db) {}

  async failures(key: string, now: Date, windowSeconds: number) {
    const start = windowStart(now, windowSeconds);
    const r = await this.db.oneOrNone<{ failures: number }>(
      'SELECT failures FROM login_failures WHERE key = $1 AND window_start = $2',
      [key, start],
    );
    return { count: r?.failures ?? 0, windowEndsAt: new Date(start.getTime() + windowSeconds * 1000) };
  }

  async recordFailure(key: string, now: Date, windowSeconds: number): Promise<void> {
    const start = windowStart(now, windowSeconds);
    await this.db.none(
      `INSERT INTO login_failures (key, window_start, failures) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_failures.window_start = EXCLUDED.window_start
                         THEN login_failures.failures + 1 ELSE 1 END,
         window_start = EXCLUDED.window_start`,
      [key, start],
    );
  }

  async clear(key: string): Promise<void> {
    await this.db.none('DELETE FROM login_failures WHERE key = $1', [key]);
  }
}
