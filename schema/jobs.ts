import * as t from 'io-ts';
import { ProjectModule } from './api/common.js';
import { Uuid } from './codecs.js';

/** Payload codecs of every job kind: a worker decodes a payload before it acts on it. */
export const DiscoveryJobPayloadC = t.type({
  project_module: ProjectModule,
  source_ids: t.readonlyArray(Uuid),
});

export const RunJobPayloadC = t.type({
  execution_id: Uuid,
  attempt: t.number,
});

export const PollJobPayloadC = t.type({
  target: t.string,
  kind: t.keyof({ rest_remote: null, batch_remote: null }),
});

export const SettleJobPayloadC = RunJobPayloadC;
