import { createHash } from 'node:crypto';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import type { Archive, ArchiveAnswer, ArchiveQuery, LinkAccess, Row } from '../../core/ports/Archive.js';
import type { PingCheck } from '../../core/ports/PingCheck.js';

/**
 * The archive of the mock backends: deterministic rows made from the query's name and values, so
 * discovery runs end to end without a network. Rows carry ObsCore-like fields (filename, obs_id,
 * obs_publisher_did, access_url, filesize, t_min, t_max) and catalogue-like ones (RAJ2000,
 * DEJ2000, RVmom). An identifier containing NODATA gets no rows; one containing ARCHIVEDOWN makes
 * the query fail, as an unreachable archive would. Batch queries get the same rows per source as
 * single ones, handed back the way the query says (`surveyor_key` for uploads, the match column
 * for IN lists).
 */
export class MockArchive implements Archive {
  readonly calls: ArchiveQuery[] = [];

  async query(q: ArchiveQuery): Promise<ArchiveAnswer> {
    this.calls.push(q);
    const rows: Row[] = [];
    for (const { values, extra } of this.entries(q)) {
      const strings = Object.values(values).map(String);
      if (strings.some((v) => v.includes('ARCHIVEDOWN')))
        throw new Error(`archive ${q.archiveName} did not answer (mock)`);
      rows.push(...this.rowsFor(q.queryName, strings).map((r) => ({ ...r, ...extra })));
    }
    return { rows: rows.slice(0, q.maxRows), overflow: rows.length > q.maxRows };
  }

  /** The per-source values a query stands for, and the columns that carry its rows back. */
  private entries(q: ArchiveQuery): { values: Record<string, unknown>; extra: Record<string, unknown> }[] {
    if (q.upload) {
      const names = Object.keys(q.params);
      const cols = q.upload.columns.map((c) => c.name);
      return q.upload.rows.map((r) => ({
        values: Object.fromEntries(names.map((n) => [n, r[cols.indexOf(n)]])),
        extra: { surveyor_key: r[0] },
      }));
    }
    if (q.batch?.via === 'in_list' && q.batch.match) {
      const m = q.batch.match;
      const lists = Object.entries(q.params) as [string, unknown[]][];
      return (lists[0]?.[1] ?? []).map((_, i) => {
        const values = Object.fromEntries(lists.map(([k, v]) => [k, v[i]]));
        return { values, extra: { [m.column]: values[m.parameter] } };
      });
    }
    return [{ values: q.params, extra: {} }];
  }

  private rowsFor(queryName: string, values: string[]): Row[] {
    if (values.some((v) => v.includes('NODATA'))) return [];
    const seed = createHash('sha256')
      .update(`${queryName}|${values.join('|')}`)
      .digest();
    const n = 1 + (seed[0]! % 3);
    const label = values[0] ?? queryName;
    return Array.from({ length: n }, (_, i) => {
      const num = seed.readUInt16BE(2 + i * 2);
      return {
        filename: `${label}_${i}.ms.tar`,
        obs_id: `ASKAP-${30000 + num}`,
        obs_publisher_did: `scan-${100000 + num}-${200000 + i}`,
        access_url: `https://archive.invalid/datalink?ID=${num}`,
        filesize: 1000 + num,
        t_min: 60000 + i,
        t_max: 60001 + i,
        RAJ2000: `${(num % 24).toString().padStart(2, '0')} 00 00.0`,
        DEJ2000: `-${(num % 90).toString().padStart(2, '0')} 00 00`,
        RVmom: 1000 + (num % 5000),
      };
    });
  }

  /** Every mock dataset is public: the account may fetch each. */
  async access(_name: string, _archive: TapArchive, datalinks: readonly string[]): Promise<LinkAccess[]> {
    return datalinks.map(() => ({ authorized: true, detail: null }));
  }

  async ping(name: string, archive: TapArchive): Promise<PingCheck[]> {
    return [{ name: 'reachable', ok: true, detail: `mock archive (${name} would be ${archive.url})` }];
  }
}
