import { setTimeout as sleep } from 'node:timers/promises';
import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand } from '../../client/clientCommand.js';
import { describe, type ExecutionView, path, resolveExecution } from './exec.js';

interface StatusView extends ExecutionView {
  phase: string;
  blocked_by: string[];
  source_status: { source_identifier: string; ready: boolean }[];
  run_record?: Record<string, unknown>;
}

const phases = ['waiting', 'stage', 'translate', 'submit', 'poll', 'terminal'];
const endings: Record<string, number> = {
  completed: exitCodes.ok,
  failed: exitCodes.executionFailed,
  cancelled: exitCodes.executionCancelled,
};

/** `[#####-----]`: how far along the pipeline's phases an execution is. */
export const progressBar = (phase: string, width = 20): string => {
  const done = Math.round((Math.max(0, phases.indexOf(phase)) / (phases.length - 1)) * width);
  return `[${'#'.repeat(done)}${'-'.repeat(width - done)}]`;
};

interface EventView {
  created_at: string;
  kind: string;
  payload: Record<string, unknown>;
}

/** One event as a step of the run, in words (`exec events` has them all, raw). */
export const stepLine = (e: EventView): string => {
  const p = e.payload;
  const n = (k: string) => String(p[k] ?? '?');
  switch (e.kind) {
    case 'execution.execute_requested':
      return p['dry_run'] ? 'asked for a dry run' : 'asked to run';
    case 'execution.queued':
      return 'queued';
    case 'execution.staging':
      return 'staging';
    case 'execution.staging_skipped':
      return 'staging skipped';
    case 'execution.file_staged':
      return `staged ${n('file')} (${n('bytes')} bytes${p['verified_by'] ? `, verified by ${n('verified_by')}` : ''})`;
    case 'execution.links_refreshed':
      return `the archive's links expired: fresh ones from ${n('job')}`;
    case 'execution.staged':
      return `staged: ${n('datasets')} dataset(s), ${n('files')} file(s)`;
    case 'execution.translated':
      return `translated: ${n('drops')} drops`;
    case 'execution.dry_run_completed':
      return 'dry run done: manifest and patched graph built';
    case 'execution.submitted':
      return `submitted: ${n('scheduler_job_id')}${p['adopted'] ? ' (found on the backend after a restart)' : ''}`;
    case 'execution.remote_state':
      return `backend: ${p['from'] ?? 'submitted'} -> ${n('to')}`;
    case 'execution.remote_started':
      return `the job left the batch queue after ${n('queue_wait_seconds')} s`;
    case 'execution.stalled':
      return `warning: ${n('message')}`;
    case 'execution.node_unreachable':
      return `warning: ${n('message')}${Number(p['fails_after_minutes']) > 0 ? `; the run fails if it lasts ${n('fails_after_minutes')} minutes` : ''}`;
    case 'execution.node_reachable':
      return `the node managers answer again (after ${n('after_minutes')} minutes)`;
    case 'execution.step_retried':
      return `${n('step')} will be tried again: ${n('error')}`;
    case 'execution.held':
      return `waiting before ${n('step') === 'translating' ? 'its translation' : 'its submit'}: profile ${n('profile')} is paused by ${n('paused_by')}: ${n('reason')}${p['until'] ? ` (until ${n('until')})` : ''}`;
    case 'execution.completed':
      return 'completed';
    case 'execution.failed':
      return `failed: ${n('error')}`;
    case 'execution.cancelled':
      return 'cancelled';
    default:
      return e.kind.replace(/^execution\./, '').replace(/_/g, ' ');
  }
};

/** A running session's stall, once the service warned of it (`execution.stalled`): since when, what runs. */
const stallOf = (s: StatusView): string => {
  const p = s.run_record?.['progress'] as
    | { warned_at?: unknown; changed_at?: unknown; running_count?: unknown }
    | undefined;
  if (s.state !== 'running' || typeof p?.warned_at !== 'string' || typeof p.changed_at !== 'string')
    return '';
  return `, no drop has changed state since ${p.changed_at} (${Number(p.running_count)} running)`;
};

/** One line: state, phase, sources ready, the first thing it waits for, and a stall warned of. */
export const statusLine = (s: StatusView): string => {
  const ready = s.source_status.filter((x) => x.ready).length;
  const waiting = s.blocked_by[0] ? `, waiting: ${s.blocked_by[0]}` : '';
  return `${s.state} (${s.phase}, attempt ${s.attempt}, ${ready}/${s.source_status.length} source(s) ready${waiting}${stallOf(s)})`;
};

export class ExecWatchCommand extends ReadCommand {
  static override paths = [['exec', 'watch']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Follow an execution until it ends; the exit code says how it ended',
    details: `
      Each step as it passes (queued, staging, staged, translated, submitted, the backend's states
      a poll saw, the end), from the execution's events, however quick it was; on a terminal
      under them one line that updates in place with a progress bar over the phases (waiting,
      stage, translate, submit, poll), otherwise a line each time the state or phase changes. The
      option --json prints each status change as a JSON line. Exit 0 completed, 10 failed, 11 cancelled,
      12 not ended within --max-minutes, 13 stopped by Ctrl-C (the execution goes on), 1 when the
      server cannot be asked.
    `,
    examples: [['Follow', 'surveyor exec watch 7c0e…']],
  });

  id = Option.String({ required: true, name: 'ID' });
  interval = Option.String('--interval', '2', { description: 'Seconds between two looks (at least 1)' });
  maxMinutes = Option.String('--max-minutes', '1440', { description: 'Give up after this long (exit 12)' });

  protected override interrupted() {
    return {
      message: `stopped watching; execution ${this.id} goes on in the service (follow it again: surveyor exec watch ${this.id}; stop it: surveyor exec cancel ${this.id})`,
      code: exitCodes.watchInterrupted,
    };
  }

  protected async run(api: ApiClient): Promise<number> {
    this.id = await resolveExecution(api, this.id);
    const every = Math.max(1, Number(this.interval) || 2);
    const until = Date.now() + Math.max(0, Number(this.maxMinutes) || 0) * 60_000;
    const tty = (this.context.stdout as { isTTY?: boolean }).isTTY === true && !this.asJson;
    let last = '';
    let told = 0;
    for (;;) {
      const s = await api.request<StatusView>('GET', path(this.id, '/status'));
      const line = statusLine(s);
      // Each step as it passed, from the events, however quick it was between two looks.
      const events = this.asJson ? [] : await api.all<EventView>(path(this.id, '/events'), {}, 500);
      for (const e of events.slice(told)) {
        if (tty) this.context.stdout.write('\r\x1b[2K');
        this.out(`${e.created_at} ${stepLine(e)}`);
      }
      told = Math.max(told, events.length);
      if (tty) this.context.stdout.write(`\r\x1b[2K${progressBar(s.phase)} ${line}`);
      else if (line !== last)
        this.out(this.asJson ? JSON.stringify(s) : `${new Date().toISOString()} ${line}`);
      last = line;
      const ending = endings[s.state];
      if (ending !== undefined) {
        if (tty) this.context.stdout.write('\n');
        if (!this.asJson) this.out(describe(s));
        return ending;
      }
      if (Date.now() > until) {
        if (tty) this.context.stdout.write('\n');
        this.context.stderr.write(`surveyor: ${this.id} has not ended within ${this.maxMinutes} minutes\n`);
        return exitCodes.watchTimedOut;
      }
      await sleep(every * 1000);
    }
  }
}
