import * as E from 'fp-ts/lib/Either.js';
import { type AppError, validationError } from '../errors.js';
import { viewEvent } from '../domain/event.js';
import type { EventLog, EventOrder, EventStream } from '../ports/EventLog.js';

/** Where a page starts: `cursor` is a `next_cursor` an earlier page returned. */
export interface PageRequest {
  readonly limit?: number | undefined;
  readonly cursor?: string | undefined;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly next_cursor: string | null;
}

export const defaultPageSize = 100;

/** What every paged list answers to a cursor it did not give out. */
export const badCursor = validationError('the cursor is not valid', [
  { path: 'cursor', message: 'pass back a next_cursor this API returned' },
]);

/** A page of an event stream: where it starts, and from which end (oldest first by default). */
export interface EventPageRequest extends PageRequest {
  readonly order?: EventOrder | undefined;
}

/** One page of an event stream. */
export const eventPage = async (
  events: EventLog,
  stream: EventStream,
  page: EventPageRequest,
): Promise<E.Either<AppError, Page<ReturnType<typeof viewEvent>>>> => {
  const cursor = page.cursor ?? null;
  const order = page.order ?? 'oldest';
  if (!events.isCursor(cursor, order)) return E.left(badCursor);
  const p = await events.read(stream, page.limit ?? defaultPageSize, cursor, order);
  return E.right({ items: p.items.map(viewEvent), next_cursor: p.nextCursor });
};
