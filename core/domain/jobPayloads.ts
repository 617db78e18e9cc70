import * as t from 'io-ts';
import { uuidPattern } from './idPrefix.js';
import { projectModulePattern } from './projectModule.js';

/**
 * The pieces job payload codecs are made of. Each job kind is one object in its feature's folder
 * (`core/usecases/<feature>/<name>Job.ts`); its payload codec sits beside the use case that reads it.
 */

const patterned = (name: string, pattern: RegExp, maxLength: number) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.length <= maxLength && pattern.test(u),
    (u, c) =>
      typeof u === 'string' && u.length <= maxLength && pattern.test(u)
        ? t.success(u)
        : t.failure(u, c, name),
    t.identity,
  );

export const JobUuid = patterned('uuid', uuidPattern, 36);
export const JobProjectModule = patterned('project_module', projectModulePattern, 63);
export const AttemptNumber = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 1, 'attempt');

/**
 * The priority of jobs that keep what surveyor knows true (poll rounds, settling ended remote
 * work, alert deliveries): claimed before queued runs and discovery batches. They are short and
 * few (one live round per target), and behind a backlog of runs a finished run would stay
 * `running`, and hold its project's concurrency, until the backlog cleared.
 */
export const keepsStateTrue = 1;
