import { Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import { ApiError, type ApiClient } from '../../client/apiClient.js';
import { ReadCommand, UsageError } from '../../client/clientCommand.js';
import type { ExecutionView } from './exec.js';
import { oneSource } from './sources.js';

interface Outcome {
  uuid: string;
  done: boolean;
  attempt?: number;
  error?: string;
}

/**
 * One act on many executions of a project (retry the failed ones, cancel the waiting ones): they
 * are chosen first, by state and the filters every such command takes, newest first, read whole
 * before any is touched; then each is acted on alone, so one the server refuses (changed by
 * someone else meanwhile, say) is named with the reason and the others go on. Exit 1 unless every
 * one chosen was done; with --dry-run they are listed and nothing changes.
 */
export abstract class ExecBulkCommand extends ReadCommand {
  project = Option.String('--project', { required: true, description: 'The project module' });
  source = Option.String('--source', {
    description: 'Only those that run this source (its identifier or UUID)',
  });
  profile = Option.String('--profile', { description: 'Only those run with this profile (by name)' });
  limit = Option.String('--limit', { description: 'At most this many, the newest (default: every one)' });
  dryRun = Option.Boolean('--dry-run', false, { description: 'List them; change none' });

  /** The states to choose from. */
  protected abstract states(): readonly string[];
  /** Query parameters of its own, beside project, profile and source. */
  protected abstract extraQuery(): Record<string, string | undefined>;
  /** What it does to one, as `exec retry` or `exec cancel` would; the line that says it was done. */
  protected abstract act(api: ApiClient, e: ExecutionView): Promise<{ line: string; attempt?: number }>;
  /** What it would do to one (--dry-run). */
  protected abstract would(e: ExecutionView): string;
  /** Past tense of the act, for the summary: retried, cancelled. */
  protected abstract readonly done: string;
  /** What to say once they were acted on (to stderr, so that --json stays JSON); none by default. */
  protected async afterwards(_api: ApiClient, _done: number): Promise<string | null> {
    return null;
  }
  /**
   * What the states chosen leave out that a user may have meant, and the switch that includes it
   * (to stderr, with --dry-run too); none by default. `query` is the choice's, without its state.
   */
  protected async leftOut(
    _api: ApiClient,
    _query: Record<string, string | undefined>,
  ): Promise<string | null> {
    return null;
  }

  protected async run(api: ApiClient): Promise<number> {
    const most = this.limit === undefined ? Number.POSITIVE_INFINITY : Number(this.limit);
    if (this.limit !== undefined && !(Number.isSafeInteger(most) && most >= 1))
      throw new UsageError('--limit must be a whole number, 1 or more');
    const query = await this.query(api);
    const chosen = await this.choose(api, query, most);
    const outcomes: Outcome[] = [];
    for (const e of chosen) {
      if (this.dryRun) {
        outcomes.push({ uuid: e.uuid, done: false });
        if (!this.asJson) this.out(this.would(e));
        continue;
      }
      try {
        const r = await this.act(api, e);
        outcomes.push({
          uuid: e.uuid,
          done: true,
          ...(r.attempt === undefined ? {} : { attempt: r.attempt }),
        });
        if (!this.asJson) this.out(r.line);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const error = `${err.message} (${err.code}, HTTP ${err.status})`;
        outcomes.push({ uuid: e.uuid, done: false, error });
        if (!this.asJson) this.out(`${e.uuid} not ${this.done}: ${error}`);
      }
    }
    const note = this.dryRun ? null : await this.afterwards(api, outcomes.filter((o) => o.done).length);
    if (note !== null) this.context.stderr.write(`${note}\n`);
    const left = await this.leftOut(api, query);
    if (left !== null) this.context.stderr.write(`${left}\n`);
    if (this.asJson) this.json(outcomes.map(({ done, ...o }) => ({ ...o, [this.done]: done })));
    else if (chosen.length === 0) this.out(`no execution to ${this.done === 'retried' ? 'retry' : 'cancel'}`);
    else if (!this.dryRun)
      this.out(`${outcomes.filter((o) => o.done).length} of ${chosen.length} ${this.done}`);
    return this.dryRun || outcomes.every((o) => o.done) ? exitCodes.ok : exitCodes.failure;
  }

  /** The choice's query, but for its states. */
  private async query(api: ApiClient): Promise<Record<string, string | undefined>> {
    return {
      project_module: this.project,
      deployment_profile_name: this.profile,
      source_id: this.source === undefined ? undefined : await oneSource(api, this.project, this.source),
      ...this.extraQuery(),
    };
  }

  /** The executions to act on, newest first, read whole before any is touched. */
  private async choose(
    api: ApiClient,
    query: Record<string, string | undefined>,
    most: number,
  ): Promise<ExecutionView[]> {
    const chosen: ExecutionView[] = [];
    for (const state of this.states())
      for await (const page of api.pages<ExecutionView>('/executions', { ...query, state }, 500)) {
        chosen.push(...page);
        if (chosen.length >= most) break;
      }
    return chosen
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
      .slice(0, most);
  }
}
