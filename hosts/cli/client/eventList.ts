import { uuidPattern } from '../../../core/domain/idPrefix.js';
import { Option } from 'clipanion';
import { exitCodes } from '../exitCodes.js';
import type { ApiClient } from './apiClient.js';
import { ReadCommand, table, UsageError } from './clientCommand.js';

export interface EventView {
  created_at: string;
  kind: string;
  actor: string | null;
  payload: unknown;
  subject_type: string;
  subject_id: string;
}

/** The most a page of events holds (the API's limit). */
const pageMax = 500;

/**
 * A stream's events, oldest first: all of them, or the newest `last` (read from the newest end,
 * so a long history is not read whole to show its tail).
 */
export const readEvents = async (
  api: ApiClient,
  path: string,
  last: number | undefined,
  filter: Readonly<Record<string, string | undefined>> = {},
) => {
  if (last === undefined) return api.all<EventView>(path, filter, pageMax);
  const newest: EventView[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.request<{ items: EventView[]; next_cursor: string | null }>('GET', path, {
      query: { ...filter, order: 'newest', limit: String(Math.min(pageMax, last - newest.length)), cursor },
    });
    newest.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined && newest.length < last);
  return newest.slice(0, last).reverse();
};

/** `--last N` as a number (undefined: every event); refused outside 1 to 100000. */
export const lastOf = (given: string | undefined): number | undefined => {
  const last = given === undefined ? undefined : Number(given);
  if (last !== undefined && (!Number.isInteger(last) || last < 1 || last > 100_000))
    throw new UsageError('--last must be a whole number from 1 to 100000');
  return last;
};

/** A command that prints one stream of events (an execution's, a source's, a project's, a profile's). */
export abstract class EventsCommand extends ReadCommand {
  last = Option.String('--last', { description: 'Only the newest N events' });

  /** Whether the stream holds more than one subject (a project's: its sources and executions too). */
  protected readonly manySubjects: boolean = false;

  /** The stream's path, found from what the command line names. */
  protected abstract streamPath(api: ApiClient): Promise<string>;

  protected async run(api: ApiClient): Promise<number> {
    const items = await readEvents(api, await this.streamPath(api), lastOf(this.last));
    if (this.asJson) return this.json(items);
    const subject = (e: EventView) =>
      this.manySubjects
        ? [`${e.subject_type} ${uuidPattern.test(e.subject_id) ? e.subject_id.slice(0, 8) : e.subject_id}`]
        : [];
    this.out(
      table([
        ['TIME', ...(this.manySubjects ? ['SUBJECT'] : []), 'EVENT', 'BY', 'DETAIL'],
        ...items.map((e) => [
          e.created_at,
          ...subject(e),
          e.kind,
          e.actor ?? '',
          JSON.stringify(e.payload).slice(0, 120),
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}
