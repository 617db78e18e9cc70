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
      On a terminal, one line that updates in place with a progress bar over the phases (waiting,
      stage, translate, submit, poll); otherwise a line each time the state or phase changes. The
      option --json prints each change as a JSON line. Exit 0 completed, 10 failed, 11 cancelled,
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
    for (;;) {
      const s = await api.request<StatusView>('GET', path(this.id, '/status'));
      const line = statusLine(s);
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
