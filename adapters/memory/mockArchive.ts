import { createHash } from 'node:crypto';
import type { Archive, ArchiveQuery, Row } from '../../core/ports/Archive.js';

/**
 * The archive of the mock backends: deterministic rows made from the query's name and values, so
 * discovery runs end to end without a network. Rows carry ObsCore-like fields (filename, obs_id,
 * obs_publisher_did, access_url, filesize, t_min, t_max) and catalogue-like ones (RAJ2000,
 * DEJ2000, RVmom). An identifier containing NODATA gets no rows; one containing ARCHIVEDOWN makes
 * the query fail, as an unreachable archive would.
 */
export class MockArchive implements Archive {
  readonly calls: ArchiveQuery[] = [];

  async query(q: ArchiveQuery): Promise<readonly Row[]> {
    this.calls.push(q);
    const values = Object.values(q.params).map(String);
    if (values.some((v) => v.includes('ARCHIVEDOWN')))
      throw new Error(`archive ${q.archiveName} did not answer (mock)`);
    if (values.some((v) => v.includes('NODATA'))) return [];
    const seed = createHash('sha256')
      .update(`${q.queryName}|${values.join('|')}`)
      .digest();
    const n = 1 + (seed[0]! % 3);
    const label = values[0] ?? q.queryName;
    return Array.from({ length: Math.min(n, q.maxRows) }, (_, i) => {
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
}
