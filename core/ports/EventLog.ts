import type { EventPage, NewEvent, SubjectType } from '../domain/event.js';

export type EventStream =
  | { readonly kind: 'project'; readonly projectModule: string }
  | { readonly kind: 'subject'; readonly subjectType: SubjectType; readonly subjectId: string }
  /** The account audit: every event of a user or a client address (domain/accountEvents.ts). */
  | { readonly kind: 'accounts' };

export interface EventLog {
  append(event: NewEvent, now: Date): Promise<void>;
  /** Oldest first. `cursor` is what the previous page returned as nextCursor. */
  read(stream: EventStream, limit: number, cursor: string | null): Promise<EventPage>;
  /** Whether a cursor is one `read` could have returned (null: from the start). */
  isCursor(cursor: string | null): boolean;
}
