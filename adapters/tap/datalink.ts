import { VoTableReader } from './votable/reader.js';
import type { Value } from './votable/values.js';

/** A service descriptor (`RESOURCE type="meta" utype="adhoc:service"`) of a datalink answer. */
export interface ServiceDescriptor {
  readonly id: string;
  readonly accessUrl: string;
  readonly standardId: string | null;
}

export interface DatalinkAnswer {
  /** The results table's rows, keyed by FIELD name (ID, access_url, service_def, error_message, …). */
  readonly rows: Readonly<Record<string, Value>>[];
  readonly fields: readonly string[];
  readonly services: ReadonlyMap<string, ServiceDescriptor>;
  /** The service cut the answer short (QUERY_STATUS OVERFLOW, as MAXREC does): later rows are missing. */
  readonly overflow: boolean;
}

/** The datalink service answered with an error document (QUERY_STATUS ERROR). */
export class DatalinkRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DatalinkRefused';
  }
}

/** Reads a datalink answer (DataLink 1.x; CASDA adds an authenticated_id_token column). */
export const parseDatalink = (text: string): DatalinkAnswer => {
  const rows: Record<string, Value>[] = [];
  let fields: string[] = [];
  const reader = new VoTableReader({
    onRow: (cells, table, resource) => {
      if (resource.type === 'meta') return;
      fields = table.fields.map((f) => f.name);
      rows.push(Object.fromEntries(fields.map((n, i) => [n, cells[i] ?? null])));
    },
  });
  reader.write(text);
  const doc = reader.end();
  const statuses = [...doc.infos, ...doc.resources.flatMap((r) => r.infos)].filter(
    (i) => i.name === 'QUERY_STATUS',
  );
  const error = statuses.find((i) => i.value === 'ERROR');
  if (error) throw new DatalinkRefused(error.text || 'no reason given');
  if (fields.length === 0)
    fields = doc.resources.find((r) => r.type !== 'meta')?.tables[0]?.fields.map((f) => f.name) ?? [];
  const services = new Map<string, ServiceDescriptor>();
  for (const r of doc.resources) {
    if (r.type !== 'meta' || !r.id) continue;
    const param = (name: string) =>
      r.params.find((p) => p.name === name && p.group === undefined)?.value ?? null;
    const accessUrl = param('accessURL');
    if (accessUrl) services.set(r.id, { id: r.id, accessUrl, standardId: param('standardID') });
  }
  return { rows, fields, services, overflow: statuses.some((i) => i.value === 'OVERFLOW') };
};
