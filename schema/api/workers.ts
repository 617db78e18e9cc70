import * as t from 'io-ts';
import { DateTimeString, patternString } from '../codecs.js';
import { component } from '../jsonSchema.js';

/** A worker's id as it registers: host:pid:token (the overview lists them). */
export const WorkerId = patternString(
  /^[A-Za-z0-9._-]{1,253}:\d{1,10}:[A-Za-z0-9_-]{1,32}$/,
  'worker id',
  300,
);

/** A worker process, and whether (and by whom) it was asked to drain. */
export const WorkerView = component(
  'Worker',
  t.type({
    id: t.string,
    hostname: t.string,
    pid: t.number,
    roles: t.array(t.string),
    started_at: DateTimeString,
    heartbeat_at: DateTimeString,
    drain_requested_at: t.union([DateTimeString, t.null]),
    drain_requested_by: t.union([t.string, t.null]),
  }),
);
