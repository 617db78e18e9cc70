import type { DatabaseIdentity, IdentityComparison } from '../../core/ports/DatabaseIdentity.js';

/**
 * Memory tables are never restored from a backup nor promoted: one copy for the process's life.
 * A test that needs a new copy calls `restored()`.
 */
export class MemoryDatabaseIdentity implements DatabaseIdentity {
  private copy = 1;
  private settled = 1;
  private recordedAt = new Date(0);
  private held: Promise<unknown> = Promise.resolve();

  exclusively<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.held.then(fn, fn);
    this.held = run.catch(() => undefined);
    return run;
  }

  async compare(): Promise<IdentityComparison> {
    return {
      recorded: { copy: this.settled },
      recordedAt: this.recordedAt,
      current: { copy: this.copy },
      differs: this.copy === this.settled ? [] : ['copy'],
    };
  }

  async accept(at: Date): Promise<void> {
    this.settled = this.copy;
    this.recordedAt = at;
  }

  /** As if the tables had been restored from a backup: the next comparison differs. */
  restored(): void {
    this.copy += 1;
  }
}
