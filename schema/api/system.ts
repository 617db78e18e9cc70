import * as t from 'io-ts';
import { DateTimeString } from '../codecs.js';
import { component } from '../jsonSchema.js';

export const Health = component(
  'Health',
  t.type({ status: t.literal('ok'), version: t.string, uptime_seconds: t.number, time: DateTimeString }),
);

const ProbeResultC = t.intersection([
  t.type({ ok: t.boolean, detail: t.string }),
  t.partial({ data: t.UnknownRecord }),
]);

export const Readiness = component(
  'Readiness',
  t.type({
    status: t.keyof({ ready: null, not_ready: null }),
    failing: t.array(t.string),
    checks: t.record(t.string, ProbeResultC),
  }),
);
