import { ProfilePauseView } from './profiles.js';
import * as t from 'io-ts';
import { DateTimeString } from '../codecs.js';
import { WorkerView } from './workers.js';
import { component } from '../jsonSchema.js';
import { ExecutionStateC, ExecutionView } from './executions.js';

export const OverviewView = component(
  'Overview',
  t.type({
    executions_by_state: t.record(ExecutionStateC, t.number),
    executions_by_project: t.array(t.type({ project_module: t.string, state: t.string, count: t.number })),
    queue: t.type({
      queued: t.number,
      running: t.number,
      dead: t.number,
      oldest_queued_age_seconds: t.number,
    }),
    workers: t.array(WorkerView),
    recent_failures: t.array(ExecutionView),
    ended_by_hour: t.array(
      t.type({ hour: DateTimeString, completed: t.number, failed: t.number, cancelled: t.number }),
    ),
    /** Profiles paused by hand (holding, or ahead): the executions that would submit with them wait while it holds. */
    paused_profiles: t.array(
      t.intersection([
        t.type({ id: t.string, name: t.string, project_module: t.union([t.string, t.null]) }),
        ProfilePauseView,
      ]),
    ),
    /** Projects whose automation is on but can make no execution now (no such profile, budget spent), with why. */
    blocked_automation: t.array(
      t.type({ project_module: t.string, config_version: t.number, reason: t.string }),
    ),
  }),
);
