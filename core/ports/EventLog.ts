import type { EventPage, NewEvent, SubjectType } from '../domain/event.js';

export type EventStream =
  | { readonly kind: 'project'; readonly projectModule: string }
  | { readonly kind: 'subject'; readonly subjectType: SubjectType; readonly subjectId: string }
  /** The account audit: every event of a user or a client address (domain/accountEvents.ts). */
  | { readonly kind: 'accounts' };

/** Which end a stream is read from: the oldest event first (the default), or the newest. */
export type EventOrder = 'oldest' | 'newest';

export interface EventLog {
  append(event: NewEvent, now: Date): Promise<void>;
  /** Appends several at once, in their order (one statement where the store has statements). */
  appendMany(events: readonly NewEvent[], now: Date): Promise<void>;
  /** In `order` (oldest first by default). `cursor` is what the previous page returned as nextCursor. */
  read(stream: EventStream, limit: number, cursor: string | null, order?: EventOrder): Promise<EventPage>;
  /** Whether a cursor is one `read` in `order` could have returned (null: from the start). */
  isCursor(cursor: string | null, order?: EventOrder): boolean;
}
