import * as E from 'fp-ts/lib/Either.js';
import { type AppError, validationError } from '../errors.js';
import { viewEvent } from '../domain/event.js';
import type { EventLog, EventStream } from '../ports/EventLog.js';

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

/** One page of an event stream. */
export const eventPage = async (
  events: EventLog,
  stream: EventStream,
  page: PageRequest,
): Promise<E.Either<AppError, Page<ReturnType<typeof viewEvent>>>> => {
  const cursor = page.cursor ?? null;
  if (!events.isCursor(cursor)) return E.left(badCursor);
  const p = await events.read(stream, page.limit ?? defaultPageSize, cursor);
  return E.right({ items: p.items.map(viewEvent), next_cursor: p.nextCursor });
};
