import type { EventPage, NewEvent, ProvenanceEvent, SubjectType } from '../../core/domain/event.js';
import type { EventLog, EventOrder, EventStream } from '../../core/ports/EventLog.js';
import type { Db, Tx } from './db.js';

export interface EventRow {
  id: number;
  project_module: string;
  subject_type: SubjectType;
  subject_id: string;
  kind: string;
  payload: Record<string, unknown>;
  actor: string | null;
  created_at: Date;
}

/**
 * Common table expressions that insert the events of a JSON array (`NewEvent`s, in the array's
 * order; `only` filters them) at `now`, and an alert outbox row for each enabled rule an event
 * fires (by kind and project, as core/domain/alerting.ts `ruleHears` says, case by case in
 * test/support/contract/ruleForms.ts): they commit with the statement that holds them, so no crash
 * can fall between an event and its alert. `events` and `now` are placeholders of that statement.
 */
export const eventsCte = (events: string, now: string, only = 'true') => `
  ev AS (
    INSERT INTO provenance_events (project_module, subject_type, subject_id, kind, payload, actor, created_at)
    SELECT e->>'projectModule', e->>'subjectType', e->>'subjectId', e->>'kind', e->'payload', e->>'actor', ${now}::timestamptz
    FROM jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS u(e, n) WHERE ${only} ORDER BY n
    RETURNING id, project_module, kind),
  outbox AS (
    INSERT INTO alert_outbox (event_id, rule_id, created_at)
    SELECT ev.id, r.id, ${now}::timestamptz FROM ev JOIN alert_rules r
      ON r.enabled AND ev.kind = ANY(r.event_kinds) AND (r.project_module IS NULL OR r.project_module = ev.project_module))`;

/** Appends events with whatever handle the caller holds, so they commit with the change they record. */
export const insertEvents = async (t: Db | Tx, events: readonly NewEvent[], now: Date): Promise<void> => {
  if (events.length > 0) await t.any(`WITH ${eventsCte('$1', '$2')} SELECT 1`, [JSON.stringify(events), now]);
};

export const insertEvent = (t: Db | Tx, e: NewEvent, now: Date) => insertEvents(t, [e], now);

// Cursors are opaque to clients: the order and the last id seen, base64url-encoded (a cursor of
// one order is refused by the other).
const tagOf = (order: EventOrder) => (order === 'oldest' ? 'e' : 'n');
const encodeCursor = (id: number, order: EventOrder) =>
  Buffer.from(`${tagOf(order)}:${id}`).toString('base64url');
/** The id a page starts after (or before, newest first); null when the cursor is not one of `order`. */
const decodeCursor = (cursor: string | null, order: EventOrder): number | null => {
  if (cursor === null) return order === 'oldest' ? 0 : Number.MAX_SAFE_INTEGER;
  const m = /^([en]):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m && m[1] === tagOf(order) ? Number(m[2]) : null;
};

export const toEvent = (r: EventRow): ProvenanceEvent => ({
  id: r.id,
  projectModule: r.project_module,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  kind: r.kind,
  payload: r.payload,
  actor: r.actor,
  createdAt: r.created_at,
});

/** One page of a stream: the ids past `from` in `order`, each read on its index from either end. */
/**
 * The account audit's subject types, spelled as the partial index provenance_events_accounts
 * (migration 0024) is, so every statement that names them is read on it.
 */
export const accountSubjectTypes = `('user', 'address')`;

const query = (stream: EventStream, from: number, limit: number, order: EventOrder): [string, unknown[]] => {
  const [past, by] = order === 'oldest' ? ['>', 'id'] : ['<', 'id DESC'];
  switch (stream.kind) {
    case 'project':
      return [
        `SELECT * FROM provenance_events WHERE project_module = $1 AND id ${past} $2 ORDER BY ${by} LIMIT $3`,
        [stream.projectModule, from, limit],
      ];
    case 'subject':
      return [
        `SELECT * FROM provenance_events WHERE subject_type = $1 AND subject_id = $2 AND id ${past} $3
         ORDER BY ${by} LIMIT $4`,
        [stream.subjectType, stream.subjectId, from, limit],
      ];
    case 'accounts':
      return [
        `SELECT * FROM provenance_events WHERE subject_type IN ${accountSubjectTypes} AND id ${past} $1
         ORDER BY ${by} LIMIT $2`,
        [from, limit],
      ];
  }
};

export class PgEventLog implements EventLog {
  constructor(private readonly db: Db) {}

  async append(e: NewEvent, now: Date): Promise<void> {
    await insertEvent(this.db, e, now);
  }

  async appendMany(events: readonly NewEvent[], now: Date): Promise<void> {
    await insertEvents(this.db, events, now);
  }

  isCursor(cursor: string | null, order: EventOrder = 'oldest'): boolean {
    return decodeCursor(cursor, order) !== null;
  }

  async read(
    stream: EventStream,
    limit: number,
    cursor: string | null,
    order: EventOrder = 'oldest',
  ): Promise<EventPage> {
    const from = decodeCursor(cursor, order) ?? decodeCursor(null, order)!;
    const rows = await this.db.any<EventRow>(...query(stream, from, limit + 1, order));
    const page = rows.slice(0, limit).map(toEvent);
    return {
      items: page,
      nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.id, order) : null,
    };
  }
}
