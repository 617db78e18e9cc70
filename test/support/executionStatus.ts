// An execution's status, events and run-job attempts, read over HTTP as a user would.
import type { Db } from '../../adapters/postgres/db.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { checkResponse } from './openapiCheck.js';
import type { TestApi } from './api.js';

export type Execution = Record<string, unknown> & { state: string; run_record: Record<string, unknown> };
type Asserts = { deepEqual: (a: unknown, b: unknown, m?: string) => void };

/** Reads an execution's status over HTTP (checked against the OpenAPI document) until it reaches a state. */
export const executionStatus = (api: () => TestApi, token: () => string, defaultMs = 90_000) => {
  const get = async (t: Asserts, id: string): Promise<Execution> => {
    const r = await api().call('GET', `/executions/${id}/status`, { token: token() });
    t.deepEqual(
      checkResponse('/executions/{id}/status', 'GET', r.status, r.body),
      [],
      'GET /executions/{id}/status conforms',
    );
    return r.body as Execution;
  };
  const untilState = async (t: Asserts, id: string, states: string[], ms = defaultMs): Promise<Execution> => {
    const end = Date.now() + ms;
    for (;;) {
      const e = await get(t, id);
      if (states.includes(e.state)) return e;
      if (Date.now() > end)
        throw new Error(`execution ${id} is ${e.state}, not ${states.join('/')}: ${JSON.stringify(e)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  return { get, untilState };
};

/** The kinds of an execution's events, oldest first. */
export const eventKinds = async (api: TestApi, id: string): Promise<string[]> =>
  (
    await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
  ).items.map((x) => x.kind);

/** How many times the queue claimed the execution's run job (2 when a worker took it over). */
export const runJobAttempts = async (api: TestApi, id: string): Promise<number> =>
  (
    await api.container
      .get<Db>(TYPES.Db)
      .one<{ attempts: number }>(
        `SELECT attempts FROM jobs WHERE kind = 'execution.run' AND payload->>'execution_id' = $1`,
        [id],
      )
  ).attempts;

/** An execution's events of one kind, oldest first, read over HTTP as a user would. */
export const eventsOfKind = async (
  api: TestApi,
  token: string,
  id: string,
  kind: string,
): Promise<{ kind: string; payload: Record<string, unknown> }[]> =>
  (
    (await api.call('GET', `/executions/${id}/events?limit=500`, { token })).body as {
      items: { kind: string; payload: Record<string, unknown> }[];
    }
  ).items.filter((e) => e.kind === kind);
