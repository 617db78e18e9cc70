import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import { ApiError, type ApiClient } from '../../client/apiClient.js';
import { ReadCommand, UsageError } from '../../client/clientCommand.js';
import { type ExecutionView, path } from './exec.js';
import { oneSource } from './sources.js';
import { sinceTime } from '../../client/since.js';

interface Outcome {
  uuid: string;
  retried: boolean;
  attempt?: number;
  error?: string;
}

/**
 * After an outage (a cluster down for the night, an archive that did not answer), every execution
 * it failed is run again in one command, each on its own: one the server refuses (retried by
 * someone else meanwhile, say) is named with the reason and the others go on.
 */
export class ExecRetryFailedCommand extends ReadCommand {
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

  project = Option.String('--project', { required: true, description: 'The project module' });
  cancelled = Option.Boolean('--cancelled', false, { description: 'Cancelled executions too' });
  source = Option.String('--source', {
    description: 'Only those that run this source (its identifier or UUID)',
  });
  profile = Option.String('--profile', { description: 'Only those run with this profile (by name)' });
  since = Option.String('--since', {
    description:
      'Only those that ended since then (the outage began): 12h, 3d (ago), a UTC day or a date-time',
  });
  limit = Option.String('--limit', { description: 'At most this many, the newest (default: every one)' });
  fromScratch = Option.Boolean('--from-scratch', false, {
    description: 'Stage everything again instead of reusing what an earlier attempt staged',
  });
  dryRun = Option.Boolean('--dry-run', false, { description: 'List them; retry none' });

  protected async run(api: ApiClient): Promise<number> {
    const most = this.limit === undefined ? Number.POSITIVE_INFINITY : Number(this.limit);
    if (this.limit !== undefined && !(Number.isSafeInteger(most) && most >= 1))
      throw new UsageError('--limit must be a whole number, 1 or more');
    const chosen = await this.choose(api, most);
    const outcomes: Outcome[] = [];
    for (const e of chosen) {
      if (this.dryRun) {
        outcomes.push({ uuid: e.uuid, retried: false });
        if (!this.asJson)
          this.out(`would retry ${e.uuid} (${e.state}, attempt ${e.attempt}): ${e.error ?? ''}`);
        continue;
      }
      try {
        const r = await api.request<ExecutionView>('POST', path(e.uuid, '/retry'), {
          query: { from_scratch: this.fromScratch ? 'true' : undefined },
        });
        outcomes.push({ uuid: e.uuid, retried: true, attempt: r.attempt });
        if (!this.asJson) this.out(`retried ${e.uuid} (attempt ${r.attempt})`);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const error = `${err.message} (${err.code}, HTTP ${err.status})`;
        outcomes.push({ uuid: e.uuid, retried: false, error });
        if (!this.asJson) this.out(`${e.uuid} not retried: ${error}`);
      }
    }
    if (this.asJson) this.json(outcomes);
    else if (chosen.length === 0) this.out('no execution to retry');
    else if (!this.dryRun)
      this.out(`${outcomes.filter((o) => o.retried).length} of ${chosen.length} retried`);
    return this.dryRun || outcomes.every((o) => o.retried) ? exitCodes.ok : exitCodes.failure;
  }

  /** The executions to retry, newest first, read whole before any is retried. */
  private async choose(api: ApiClient, most: number): Promise<ExecutionView[]> {
    const query = {
      project_module: this.project,
      deployment_profile_name: this.profile,
      ended_since: this.since === undefined ? undefined : sinceTime(this.since),
      source_id: this.source === undefined ? undefined : await oneSource(api, this.project, this.source),
    };
    const chosen: ExecutionView[] = [];
    for (const state of this.cancelled ? ['failed', 'cancelled'] : ['failed'])
      for await (const page of api.pages<ExecutionView>('/executions', { ...query, state }, 500)) {
        chosen.push(...page);
        if (chosen.length >= most) break;
      }
    return chosen
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
      .slice(0, most);
  }
}
