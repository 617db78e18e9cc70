// The secrets scan: every secret value the run used, looked for in every log line the processes
// printed, every API answer, and every row of every table (events included). Hits are reported by
// where and which secret, never by value.
import { readFileSync } from 'node:fs';
import type { Db } from '../../adapters/postgres/db.js';

export interface Secret {
  readonly name: string;
  readonly value: string;
}

/** A private key file as secrets: each line of its body, long enough to be recognised alone. */
export const keyFileSecrets = (name: string, file: string): Secret[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 24 && !l.startsWith('-----'))
    .map((value, i) => ({ name: `${name} line ${i + 1}`, value }));

/** Every row of every table of the public schema, as PostgreSQL prints it. */
export const databaseDump = async (db: Db): Promise<Map<string, string>> => {
  const tables = await db.map(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    [],
    (r: { table_name: string }) => r.table_name,
  );
  const out = new Map<string, string>();
  for (const t of tables)
    out.set(
      t,
      (await db.map('SELECT t::text AS row FROM $1:name t', [t], (r: { row: string }) => r.row)).join('\n'),
    );
  return out;
};

export interface ScanHit {
  readonly where: string;
  readonly secret: string;
  readonly count: number;
}

/** Where each secret occurs in `corpus` (a text per place), with how often. */
export const scan = (secrets: readonly Secret[], corpus: ReadonlyMap<string, string>): ScanHit[] => {
  const hits: ScanHit[] = [];
  for (const [where, text] of corpus)
    for (const s of secrets) {
      const count = text.split(s.value).length - 1;
      if (count > 0) hits.push({ where, secret: s.name, count });
    }
  return hits;
};

/**
 * Places where a value known to be there is not found: the scan would have seen nothing there
 * either (an empty log, a dump that failed), so a clean result would prove nothing.
 */
export const blindSpots = (
  canaries: readonly { readonly where: string; readonly value: string }[],
  corpus: ReadonlyMap<string, string>,
): string[] =>
  canaries
    .filter((c) => !(corpus.get(c.where) ?? '').includes(c.value))
    .map((c) => `${c.where} (no "${c.value}")`);
