// Counts (and on request times) every SQL statement the pg clients of this process send, BEGIN
// and COMMIT included: benchmarks print statements per unit of work and where their time goes.
import { pgp } from '../../adapters/postgres/db.js';

export interface Statement {
  readonly sql: string;
  readonly ms: number;
}

export const sqlWatch = () => {
  const w = {
    statements: 0,
    /** Set: each statement, timed to its answer, is passed here. */
    onAnswer: null as ((s: Statement) => void) | null,
  };
  const client = pgp.pg.Client.prototype;
  const original = client.query as (...a: unknown[]) => unknown;
  client.query = function (this: unknown, ...args: unknown[]) {
    w.statements++;
    const listener = w.onAnswer;
    if (!listener) return original.apply(this, args);
    const sql = String((args[0] as { text?: string })?.text ?? args[0]).replace(/\s+/g, ' ');
    const t = performance.now();
    const done = () => listener({ sql, ms: performance.now() - t });
    // Timed whether the caller passed a callback or awaits a promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const cb = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => {
        done();
        return cb(...a);
      };
    }
    const r = original.apply(this, args);
    if (r instanceof Promise) void r.then(done, () => {});
    return r;
  } as typeof client.query;
  return w;
};

/** A statement's shape: its first words, values left out. */
export const shapeOf = (sql: string) =>
  sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 90);
