import { accountSubjects } from '../../core/domain/accountEvents.js';
import type { EventPage, NewEvent, ProvenanceEvent } from '../../core/domain/event.js';
import type { EventLog, EventStream } from '../../core/ports/EventLog.js';
import { decodeCursor, encodeCursor, type MemoryStore, pageAfter } from './store.js';

const afterId = (cursor: string | null): number | null => {
  if (cursor === null) return 0;
  const id = decodeCursor('e', cursor);
  return Number.isSafeInteger(id) && (id as number) >= 0 ? (id as number) : null;
};

const inStream = (stream: EventStream, e: ProvenanceEvent) => {
  switch (stream.kind) {
    case 'project':
      return e.projectModule === stream.projectModule;
    case 'subject':
      return e.subjectType === stream.subjectType && e.subjectId === stream.subjectId;
    case 'accounts':
      return (accountSubjects as readonly string[]).includes(e.subjectType);
  }
};

export class MemoryEventLog implements EventLog {
  constructor(private readonly store: MemoryStore) {}

  async append(event: NewEvent, now: Date): Promise<void> {
    this.store.appendEvent(event, now);
  }

  isCursor(cursor: string | null): boolean {
    return afterId(cursor) !== null;
  }

  async read(stream: EventStream, limit: number, cursor: string | null): Promise<EventPage> {
    const after = afterId(cursor) ?? 0;
    const mine = this.store.events.filter((e) => inStream(stream, e));
    return pageAfter(
      mine,
      (e) => e.id > after,
      limit,
      (e) => encodeCursor('e', e.id),
    );
  }
}
