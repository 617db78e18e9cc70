import { Command, Option } from 'clipanion';
import { uuidPattern } from '../../../../core/domain/idPrefix.js';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table, UsageError } from '../../client/clientCommand.js';
import { sinceTime } from '../../client/since.js';
import type { ExecutionView } from './exec.js';
import { oneSource } from './sources.js';

export class ExecListCommand extends ReadCommand {
  static override paths = [['exec', 'list']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'List executions, newest first',
    examples: [
      ['Running ones of a project', 'surveyor exec list --project wallaby_hires --state running'],
      ['What ran one source', 'surveyor exec list --project wallaby_hires --source HIPASSJ0001-23'],
    ],
  });

  project = Option.String('--project', { description: 'Only this project module' });
  state = Option.String('--state', { description: 'Only executions in this state' });
  profile = Option.String('--profile', { description: 'Only those run with this profile (by name)' });
  source = Option.String('--source', {
    description: 'Only those that run this source (its UUID, or its identifier with --project)',
  });
  endedSince = Option.String('--ended-since', {
    description: 'Only those that ended since then: 12h, 3d (ago), a UTC day or a date-time',
  });
  limit = Option.String('--limit', '50', { description: 'How many (at most 500)' });

  protected async run(api: ApiClient): Promise<number> {
    let sourceId: string | undefined;
    if (this.source !== undefined) {
      if (this.project === undefined && !uuidPattern.test(this.source))
        throw new UsageError('--source takes an identifier only with --project (or give the source UUID)');
      sourceId = this.project === undefined ? this.source : await oneSource(api, this.project, this.source);
    }
    const page = await api.request<{ items: ExecutionView[]; next_cursor: string | null }>(
      'GET',
      '/executions',
      {
        query: {
          project_module: this.project,
          state: this.state,
          deployment_profile_name: this.profile,
          source_id: sourceId,
          ended_since: this.endedSince === undefined ? undefined : sinceTime(this.endedSince),
          limit: this.limit,
        },
      },
    );
    if (this.asJson) return this.json(page);
    // An id's first 8 characters, as the console shows it (every exec command takes them; --json has
    // the whole id), and the sources by name: the first two, and how many more.
    this.out(
      table([
        ['ID', 'PROJECT', 'STATE', 'ATTEMPT', 'SOURCES', 'PROFILE', 'CREATED'],
        ...page.items.map((e) => [
          e.uuid.slice(0, 8),
          e.project_module,
          e.state,
          String(e.attempt),
          sourceNames(e.sources.map((x) => x.source_identifier)),
          e.deployment_profile_name,
          e.created_at,
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}

/** A run's sources in a cell: the first two by name, then how many more. */
export const sourceNames = (names: readonly string[]): string =>
  names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2} more`;
