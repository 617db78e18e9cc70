import type { EventLog } from '../../ports/EventLog.js';
import type { Tick } from '../../ports/Tick.js';
import { type AdmissionDeps, admitPending } from '../admission/admitPending.js';
import {
  type AutomationDeps,
  automateExecutions,
  type BlockedReports,
} from '../automation/automateExecutions.js';
import { type PollScheduleSettings, schedulePolls } from '../poll/schedulePolls.js';
import type { PollRounds } from '../../ports/PollRounds.js';

export interface TickDeps extends AutomationDeps, AdmissionDeps {
  readonly configs: AutomationDeps['configs'] & AdmissionDeps['configs'];
  readonly events: Pick<EventLog, 'append' | 'appendMany'>;
  readonly admissions: AutomationDeps['admissions'] & AdmissionDeps['admissions'];
  readonly pollRounds: Pick<PollRounds, 'pollTargets' | 'schedulePolls'>;
}

export interface TickSettings extends PollScheduleSettings {
  readonly everySeconds: number;
  /** Pending executions looked at per tick. */
  readonly admissionScan: number;
}

/**
 * The execution tick (leader only):
 * 1. automation: for projects with automation.execution.enabled, sources that are ready and whose
 *    signature changed since they were last processed become executions (max_sources_per_execution
 *    each, at most runs_per_tick per project), once min_sources_to_trigger are waiting or the
 *    oldest has waited max_wait_minutes; they are asked to run as they are made;
 * 2. admission: those, then pending executions that were asked to run (oldest request first,
 *    admissionScan of them), are queued when their gates pass, under concurrent_runs per project
 *    and, for the scanned ones, runs_per_tick;
 * 3. polling: each backend target with work in flight gets a poll job when its interval has passed.
 * Each is a use case of its own: automation/automateExecutions, admission/admitPending,
 * poll/schedulePolls.
 *
 * Set-based: the statements a tick sends do not grow with the sources, executions or targets it
 * finds (a few per automated project, then one read or write per step for all of them). The gates
 * are `planAdmissions`, the same rules `admitOne` applies to one execution.
 *
 * Automation that cannot create an execution (its profile or archive is gone) says why once: a
 * project event `automation.blocked` and a warning, again only when the reason or the
 * configuration version changes (or a new leader takes over: the memory is the leader's).
 */
export const executionTick = (deps: TickDeps, s: TickSettings): Tick => {
  const reported: BlockedReports = new Map();
  return {
    name: 'executions',
    everySeconds: s.everySeconds,
    async run(now) {
      const { made, warnings } = await automateExecutions(deps, now, reported);
      const { admitted, held } = await admitPending(deps, made, s.admissionScan);
      const polls = await schedulePolls(deps, now, s);
      return { counts: { created: made.length, admitted, held_back: held, poll_jobs: polls }, warnings };
    },
  };
};
