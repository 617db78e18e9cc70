import { checkResponse } from './openapiCheck.js';
import type { TestApi } from './api.js';

export type Execution = Record<string, unknown> & { state: string; run_record: Record<string, unknown> };
type Asserts = { deepEqual: (a: unknown, b: unknown, m?: string) => void };

/** Reads an execution's status over HTTP (checked against the OpenAPI document) until it reaches a state. */
export const executionStatus = (api: TestApi, token: () => string) => {
  const get = async (t: Asserts, id: string): Promise<Execution> => {
    const r = await api.call('GET', `/executions/${id}/status`, { token: token() });
    t.deepEqual(
      checkResponse('/executions/{id}/status', 'GET', r.status, r.body),
      [],
      'GET /executions/{id}/status conforms',
    );
    return r.body as Execution;
  };
  const untilState = async (t: Asserts, id: string, states: string[], ms = 90_000): Promise<Execution> => {
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
