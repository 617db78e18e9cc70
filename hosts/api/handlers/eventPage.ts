import { validationError } from '../../../core/errors.js';
import { viewEvent } from '../../../core/domain/event.js';
import type { EventLog, EventStream } from '../../../core/ports/EventLog.js';
import { decodeCursor } from '../../../adapters/postgres/eventLog.js';
import { fail, type HandlerContext, type HandlerResult } from '../handler.js';

/** What every paged list answers to a cursor it did not give out. */
export const badCursor = validationError('the cursor is not valid', [
  { path: 'cursor', message: 'pass back a next_cursor this API returned' },
]);

/** One page of an event stream, from the request's `limit` and `cursor`. */
export const eventPage = async (
  ctx: HandlerContext,
  events: EventLog,
  stream: EventStream,
): Promise<HandlerResult> => {
  const cursor = (ctx.query['cursor'] as string | undefined) ?? null;
  if (decodeCursor(cursor) === null) return fail(badCursor);
  const page = await events.read(stream, (ctx.query['limit'] as number | undefined) ?? 100, cursor);
  return { body: { items: page.items.map(viewEvent), next_cursor: page.nextCursor } };
};
