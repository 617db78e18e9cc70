import { Command, Option } from 'clipanion';
import { unsubmittedStates } from '../../../../core/domain/execution.js';
import type { ApiClient } from '../../client/apiClient.js';
import { UsageError } from '../../client/clientCommand.js';
import { type ExecutionView, path } from './exec.js';
import { ExecBulkCommand } from './execBulk.js';

// The states of a run not yet on a backend (unsubmittedStates): cancelling one wastes nothing spent.

/**
 * The emergency stop: a configuration found wrong, a profile pointing at the wrong allocation.
 * Every execution of a project that has not reached its backend is cancelled in one command (with
 * --running, those on their backends too), each on its own, as `exec cancel` does.
 */
export class ExecCancelAllCommand extends ExecBulkCommand {
  static override paths = [['exec', 'cancel-all']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "Cancel a project's executions that have not reached their backend, newest first",
    details: `
      The executions are chosen first: those pending, queued, staging, translating or submitting
      (with --running, those running on their backends too, which are cancelled there), narrowed by
      --state, --source, --profile and --limit. Then each is cancelled as \`exec cancel\` does. With
      --dry-run they are listed and nothing changes. Exit 1 unless every one chosen was cancelled.
    `,
    examples: [
      ['See what would be cancelled', 'surveyor exec cancel-all --project wallaby_hires --dry-run'],
      [
        'Those waiting for admission only',
        'surveyor exec cancel-all --project wallaby_hires --state pending',
      ],
      [
        'Everything on one profile, running jobs included',
        'surveyor exec cancel-all --project wallaby_hires --profile setonix --running',
      ],
    ],
  });

  state = Option.Array('--state', {
    description: `Only these states (${unsubmittedStates.join(', ')}, running); repeat it for more`,
  });
  running = Option.Boolean('--running', false, {
    description: 'Those running on their backends too (cancelled there)',
  });
  protected readonly done = 'cancelled';

  protected states() {
    const allowed: readonly string[] = [...unsubmittedStates, 'running'];
    const asked = this.state ?? [...unsubmittedStates, ...(this.running ? ['running'] : [])];
    const wrong = asked.filter((s) => !allowed.includes(s));
    if (wrong.length > 0) throw new UsageError(`--state ${wrong[0]}: one of ${allowed.join(', ')}`);
    return [...new Set(asked)];
  }

  protected extraQuery() {
    return {};
  }

  protected would(e: ExecutionView) {
    return `would cancel ${e.uuid} (${e.state})`;
  }

  /**
   * Automation makes executions of the sources a cancelled run leaves unprocessed at its next tick:
   * an emergency stop that does not say so would be undone in seconds.
   */
  protected override async afterwards(api: ApiClient, done: number) {
    if (done === 0) return null;
    const v = await api.request<{
      version: number;
      config: { automation?: { execution?: { enabled?: boolean } } };
    }>('GET', `/project-configs/${encodeURIComponent(this.project)}`);
    if (v.config.automation?.execution?.enabled !== true) return null;
    return `warning: automation is on in ${this.project} (configuration version ${v.version}): its next tick makes new executions of the sources these left unprocessed. To stop it, upload a version with automation.execution.enabled: false, or pause the profile (surveyor profile pause).`;
  }

  /** Without --running or --state, the runs on their backends are left out: say how many, and how to include them. */
  protected override async leftOut(api: ApiClient, query: Record<string, string | undefined>) {
    if (this.running || this.state !== undefined) return null;
    const page = await api.request<{ items: unknown[]; next_cursor: string | null }>('GET', '/executions', {
      query: { ...query, state: 'running', limit: '500' },
    });
    const n = page.items.length;
    if (n === 0) return null;
    const count = page.next_cursor ? `${n} or more executions` : n === 1 ? '1 execution' : `${n} executions`;
    return `left out: ${count} running on ${n === 1 && !page.next_cursor ? 'its backend' : 'their backends'}; add --running to cancel ${n === 1 && !page.next_cursor ? 'it' : 'them'} too`;
  }

  protected async act(api: ApiClient, e: ExecutionView) {
    const r = await api.request<ExecutionView>('POST', path(e.uuid, '/cancel'));
    return { line: `cancelled ${e.uuid} (was ${e.state}, now ${r.state})` };
  }
}
