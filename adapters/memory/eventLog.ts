import { isAccountEvent } from '../../core/domain/accountEvents.js';
import type { EventPage, NewEvent, ProvenanceEvent } from '../../core/domain/event.js';
import type { EventLog, EventOrder, EventStream } from '../../core/ports/EventLog.js';
import { decodeCursor, encodeCursor, type MemoryStore, pageAfter } from './store.js';

const tagOf = (order: EventOrder) => (order === 'oldest' ? 'e' : 'n');

/** The id a page starts past, in `order`; null when the cursor is not one of that order. */
const fromId = (cursor: string | null, order: EventOrder): number | null => {
  if (cursor === null) return order === 'oldest' ? 0 : Number.MAX_SAFE_INTEGER;
  const id = decodeCursor(tagOf(order), cursor);
  return Number.isSafeInteger(id) && (id as number) >= 0 ? (id as number) : null;
};

const inStream = (stream: EventStream, e: ProvenanceEvent) => {
  switch (stream.kind) {
    case 'project':
      return e.projectModule === stream.projectModule;
    case 'subject':
      return e.subjectType === stream.subjectType && e.subjectId === stream.subjectId;
    case 'accounts':
      return isAccountEvent(e);
  }
};

export class MemoryEventLog implements EventLog {
  constructor(private readonly store: MemoryStore) {}

  async append(event: NewEvent, now: Date): Promise<void> {
    this.store.appendEvent(event, now);
  }

  async appendMany(events: readonly NewEvent[], now: Date): Promise<void> {
    for (const e of events) this.store.appendEvent(e, now);
  }

  isCursor(cursor: string | null, order: EventOrder = 'oldest'): boolean {
    return fromId(cursor, order) !== null;
  }

  async read(
    stream: EventStream,
    limit: number,
    cursor: string | null,
    order: EventOrder = 'oldest',
  ): Promise<EventPage> {
    const from = fromId(cursor, order) ?? fromId(null, order)!;
    const mine = this.store.events.filter((e) => inStream(stream, e));
    return pageAfter(
      order === 'oldest' ? mine : mine.toReversed(),
      (e) => (order === 'oldest' ? e.id > from : e.id < from),
      limit,
      (e) => encodeCursor(tagOf(order), e.id),
    );
  }
}
