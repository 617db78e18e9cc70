import { Command, Option } from 'clipanion';
import type { ApiClient } from '../../client/apiClient.js';
import { sinceTime } from '../../client/since.js';
import { type ExecutionView, path } from './exec.js';
import { ExecBulkCommand } from './execBulk.js';

/**
 * After an outage (a cluster down for the night, an archive that did not answer), every execution
 * it failed is run again in one command, each on its own: one the server refuses (retried by
 * someone else meanwhile, say) is named with the reason and the others go on.
 */
export class ExecRetryFailedCommand extends ExecBulkCommand {
  static override paths = [['exec', 'retry-failed']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "Run a project's failed executions again (each as a new attempt), newest first",
    details: `
      The executions are chosen first: the failed ones (with --cancelled, cancelled ones too), narrowed
      by --since (those that ended since the outage began), --source, --profile and --limit. Then
      each is retried as \`exec retry\` does. With --dry-run they are listed and nothing changes.
      Exit 1 unless every one chosen was retried.
    `,
    examples: [
      ['See what would run again', 'surveyor exec retry-failed --project wallaby_hires --dry-run'],
      ['What failed in the last 12 hours', 'surveyor exec retry-failed --project wallaby_hires --since 12h'],
      [
        'The last 20 to fail on one profile',
        'surveyor exec retry-failed --project wallaby_hires --profile setonix --limit 20',
      ],
    ],
  });

  cancelled = Option.Boolean('--cancelled', false, { description: 'Cancelled executions too' });
  since = Option.String('--since', {
    description:
      'Only those that ended since then (the outage began): 12h, 3d (ago), a UTC day or a date-time',
  });
  fromScratch = Option.Boolean('--from-scratch', false, {
    description: 'Stage everything again instead of reusing what an earlier attempt staged',
  });
  protected readonly done = 'retried';

  protected states() {
    return this.cancelled ? ['failed', 'cancelled'] : ['failed'];
  }

  protected extraQuery() {
    return { ended_since: this.since === undefined ? undefined : sinceTime(this.since) };
  }

  protected would(e: ExecutionView) {
    return `would retry ${e.uuid} (${e.state}, attempt ${e.attempt}): ${e.error ?? ''}`;
  }

  protected async act(api: ApiClient, e: ExecutionView) {
    const r = await api.request<ExecutionView>('POST', path(e.uuid, '/retry'), {
      query: { from_scratch: this.fromScratch ? 'true' : undefined },
    });
    return { line: `retried ${e.uuid} (attempt ${r.attempt})`, attempt: r.attempt };
  }
}
