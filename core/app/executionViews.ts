import * as E from 'fp-ts/lib/Either.js';
import type { ProvenanceEvent } from '../domain/event.js';
import { type Execution, viewExecution } from '../domain/executionRecord.js';
import { appError } from '../errors.js';
import type { SurveyorDeps } from './deps.js';

export const noExecution = (id: string) => appError('not_found', `no execution ${id}`);

/** How the execution commands and queries read an execution, its sources and its events, and show it. */
export const executionViews = (d: SurveyorDeps) => {
  const x = d.executions;
  // One read for the sources of any number of executions, in each execution's order.
  const sourcesOf = async (e: Execution) => {
    const byId = new Map((await x.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
    return e.sourceIds.flatMap((id) => byId.get(id) ?? []);
  };
  // What a view shows of its sources is their identifiers: one light read for a page of executions.
  const identifiersOf = (es: readonly Execution[]) =>
    x.sources.identifiersOf([...new Set(es.flatMap((e) => e.sourceIds))]);
  // A deleted source still shows in the execution's list, as "(deleted)".
  const viewWith = (byId: ReadonlyMap<string, string>) => (e: Execution) =>
    viewExecution(
      e,
      e.sourceIds.map((id) => byId.get(id) ?? '(deleted)'),
    );
  const view = async (e: Execution) => viewWith(await identifiersOf([e]))(e);
  const allEvents = async (id: string) => {
    const out: ProvenanceEvent[] = [];
    let cursor: string | null = null;
    // An execution has tens of events; the bound keeps a runaway history from costing a request.
    for (let page = 0; page < 20; page++) {
      const p = await x.events.read(
        { kind: 'subject', subjectType: 'execution', subjectId: id },
        500,
        cursor,
      );
      out.push(...p.items);
      if (p.nextCursor === null) break;
      cursor = p.nextCursor;
    }
    return out;
  };
  const withExecution = async <T>(id: string, f: (e: Execution) => Promise<T>) => {
    const e = await x.executions.get(id);
    return e ? E.right(await f(e)) : E.left(noExecution(id));
  };
  return { x, sourcesOf, identifiersOf, viewWith, view, allEvents, withExecution };
};
