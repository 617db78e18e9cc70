import { uuidPattern } from '../../../../core/domain/idPrefix.js';
import { prefixProblem } from '../../../../core/domain/sourceFilter.js';
import { readFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import { parse as parseCsv } from 'csv-parse/sync';
import { exitCodes } from '../../exitCodes.js';
import { ApiError, type ApiClient } from '../../client/apiClient.js';
import { PagedTable, ReadCommand, UsageError } from '../../client/clientCommand.js';

/** What one bulk request may carry (the server's limit). */
const batch = 1000;

interface BulkResult {
  created: number;
  existing: number;
  invalid: number;
  items: { source_identifier: string; status: string; uuid?: string; error?: string }[];
}

export interface SourceView {
  uuid: string;
  source_identifier: string;
  enabled: boolean;
  discovery_state: string;
  discovered_at: string | null;
  needs_processing: boolean;
}

/**
 * Identifiers from a file: a CSV with a `source_identifier` column (a header line naming it), or
 * one identifier per line. Blank lines and lines starting with # are skipped. A CSV of several
 * columns without that column is refused: its header would be registered as a source, and each
 * whole line as another.
 */
export const identifiersFromText = (text: string, fileName = ''): string[] => {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const header = lines[0]?.split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
  if (!header?.includes('source_identifier')) {
    if (header && header.length > 1)
      throw new UsageError(
        `${fileName || 'the file'} reads as a CSV whose first line (${header.join(', ').slice(0, 120)}) names no source_identifier column: name that column source_identifier, or list one identifier per line with no header`,
      );
    return lines.map((l) => l.trim());
  }
  const rows = parseCsv(lines.join('\n'), { columns: true, skip_empty_lines: true, trim: true }) as Record<
    string,
    string
  >[];
  return rows.map((r) => r['source_identifier'] ?? '').filter((s) => s !== '');
};

/** Registers identifiers a batch at a time, with progress on stderr; the sums of the batches. */
const register = async (
  api: ApiClient,
  module: string,
  identifiers: readonly string[],
  progress: (done: number) => void,
): Promise<BulkResult> => {
  const sum: BulkResult = { created: 0, existing: 0, invalid: 0, items: [] };
  for (let i = 0; i < identifiers.length; i += batch) {
    const r = await api.request<BulkResult>('POST', '/sources/bulk', {
      body: {
        project_module: module,
        sources: identifiers.slice(i, i + batch).map((source_identifier) => ({ source_identifier })),
      },
    });
    sum.created += r.created;
    sum.existing += r.existing;
    sum.invalid += r.invalid;
    sum.items.push(...r.items);
    progress(Math.min(identifiers.length, i + batch));
  }
  return sum;
};

/**
 * A source's id from its identifier (or its id as given): the first of the sources whose identifier
 * starts with it is the source itself when there is one, so one short read finds it, however many
 * sources the project has. undefined when there is no such source.
 */
export const sourceIdOf = async (
  api: ApiClient,
  module: string,
  name: string,
): Promise<string | undefined> => {
  if (uuidPattern.test(name)) return name;
  if (prefixProblem(name) !== null) return undefined; // no identifier could be this
  const page = await api.request<{ items: SourceView[] }>('GET', '/sources', {
    query: { project_module: module, identifier_prefix: name, limit: '1' },
  });
  const first = page.items[0];
  return first?.source_identifier === name ? first.uuid : undefined;
};

/** One source's id, or a usage error naming it. */
export const oneSource = async (api: ApiClient, module: string, name: string): Promise<string> => {
  const id = await sourceIdOf(api, module, name);
  if (!id) throw new UsageError(`no source ${name} in project ${module}`);
  return id;
};

/**
 * Does `act` to each named source on its own: an unknown one, or one the server refuses, is said
 * with the reason, and the others go on.
 */
export const eachSource = async (
  api: ApiClient,
  module: string,
  names: readonly string[],
  act: (id: string) => Promise<unknown>,
): Promise<{ source: string; error?: string }[]> => {
  const results: { source: string; error?: string }[] = [];
  for (const name of names) {
    const id = await sourceIdOf(api, module, name);
    if (!id) {
      results.push({ source: name, error: `no source ${name} in project ${module}` });
      continue;
    }
    try {
      await act(id);
      results.push({ source: name });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results.push({ source: name, error: `${err.message} (${err.code}, HTTP ${err.status})` });
    }
  }
  return results;
};

abstract class RegisterCommand extends ReadCommand {
  protected async registerAll(
    api: ApiClient,
    module: string,
    identifiers: readonly string[],
  ): Promise<number> {
    const tty = (this.context.stderr as { isTTY?: boolean }).isTTY === true;
    const r = await register(api, module, identifiers, (done) => {
      if (identifiers.length > batch)
        this.context.stderr.write(
          `${tty ? '\r' : ''}registered ${done}/${identifiers.length}${tty ? '' : '\n'}`,
        );
    });
    if (tty && identifiers.length > batch) this.context.stderr.write('\n');
    if (this.asJson) this.json(r);
    else {
      this.out(`${r.created} created, ${r.existing} already there, ${r.invalid} refused`);
      for (const i of r.items.filter((x) => x.status === 'invalid'))
        this.context.stderr.write(`  ${i.source_identifier}: ${i.error ?? 'refused'}\n`);
    }
    return r.invalid > 0 ? exitCodes.failure : exitCodes.ok;
  }
}

export class SourcesAddCommand extends RegisterCommand {
  static override paths = [['sources', 'add']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Register sources of a project by identifier',
    details: 'Existing ones are left as they are. Exit 1 when any identifier is refused (each is named).',
    examples: [['Two sources', 'surveyor sources add wallaby_hires HIPASSJ0001-23 HIPASSJ0002-34']],
  });

  module = Option.String({ required: true, name: 'MODULE' });
  identifiers = Option.Rest({ required: 1, name: 'IDENTIFIER' });

  protected run(api: ApiClient): Promise<number> {
    return this.registerAll(api, this.module, this.identifiers);
  }
}

export class SourcesImportCommand extends RegisterCommand {
  static override paths = [['sources', 'import']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      'Register the sources listed in a file (CSV with a source_identifier column, or one per line)',
    details: `
      Sent 1,000 at a time, with progress on stderr. Blank lines and lines starting with # are
      skipped. Exit 1 when any identifier is refused (each is named).
    `,
    examples: [['From a CSV', 'surveyor sources import wallaby_hires sources.csv']],
  });

  module = Option.String({ required: true, name: 'MODULE' });
  file = Option.String({ required: true, name: 'FILE' });

  protected run(api: ApiClient): Promise<number> {
    return this.registerAll(
      api,
      this.module,
      identifiersFromText(readFileSync(this.file, 'utf8'), this.file),
    );
  }
}

/** The filters of a list of sources, as `sources list` and `sources discover` take them. */
abstract class SourceSelection extends ReadCommand {
  module = Option.String({ required: true, name: 'MODULE' });
  state = Option.String('--state', {
    description: 'Only sources in this discovery state: never, queued, running, done or failed',
  });
  enabledOnly = Option.Boolean('--enabled', false, { description: 'Only enabled sources' });
  disabledOnly = Option.Boolean('--disabled', false, { description: 'Only disabled sources' });
  toProcess = Option.Boolean('--to-process', false, {
    description: 'Only sources whose discovered data no execution has processed yet',
  });
  prefix = Option.String('--prefix', {
    description: 'Only identifiers that start with this (case as registered)',
  });

  /** The list's query: the project and the filters given. */
  protected selection() {
    if (this.enabledOnly && this.disabledOnly) throw new UsageError('give --enabled or --disabled, not both');
    return {
      project_module: this.module,
      discovery_state: this.state,
      enabled: this.enabledOnly ? 'true' : this.disabledOnly ? 'false' : undefined,
      needs_processing: this.toProcess ? 'true' : undefined,
      identifier_prefix: this.prefix,
    };
  }

  protected filtered(): boolean {
    return Object.entries(this.selection()).some(([k, v]) => k !== 'project_module' && v !== undefined);
  }
}

export class SourcesListCommand extends SourceSelection {
  static override paths = [['sources', 'list']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "List a project's sources with their discovery state, those that match every filter given",
    details: `
      Sources come in identifier order, a page at a time, printed as they come (\`--json\`: one JSON
      array, written as the pages come). Without a filter every source is listed.
    `,
    examples: [
      ['Every source', 'surveyor sources list wallaby_hires'],
      ['Those whose discovery failed', 'surveyor sources list wallaby_hires --state failed'],
      ['Found data no execution has processed yet', 'surveyor sources list wallaby_hires --to-process'],
      [
        'Disabled ones whose name starts with HIPASSJ12',
        'surveyor sources list wallaby_hires --disabled --prefix HIPASSJ12',
      ],
    ],
  });

  limit = Option.String('--limit', { description: 'At most this many sources (default: every one)' });

  protected async run(api: ApiClient): Promise<number> {
    const query = this.selection();
    const most = this.limit === undefined ? Number.POSITIVE_INFINITY : Number(this.limit);
    if (!Number.isSafeInteger(most) && most !== Number.POSITIVE_INFINITY)
      throw new UsageError('--limit must be a whole number');
    if (most < 1) throw new UsageError('--limit must be 1 or more');
    const out = this.context.stdout;
    const shown = new PagedTable(['IDENTIFIER', 'ENABLED', 'DISCOVERY', 'DISCOVERED', 'TO PROCESS', 'UUID']);
    let count = 0;
    for await (const page of api.pages<SourceView>('/sources', query, Math.min(1000, most))) {
      const items = page.slice(0, most - count);
      if (this.asJson)
        // Each item indented as JSON.stringify would indent it inside the whole array.
        for (const s of items)
          out.write(`${count++ === 0 ? '[\n' : ',\n'}${JSON.stringify(s, null, 2).replace(/^/gm, '  ')}`);
      else {
        count += items.length;
        if (items.length > 0)
          this.out(
            shown.page(
              items.map((s) => [
                s.source_identifier,
                s.enabled ? 'yes' : 'no',
                s.discovery_state,
                s.discovered_at ?? '-',
                s.needs_processing ? 'yes' : '',
                s.uuid,
              ]),
            ),
          );
      }
      if (count >= most) break;
    }
    if (this.asJson) this.out(count === 0 ? '[]' : '\n]');
    else if (count === 0)
      this.context.stderr.write(
        this.filtered() ? `no source of ${this.module} matches\n` : `${this.module} has no sources\n`,
      );
    return exitCodes.ok;
  }
}

export class SourcesDiscoverCommand extends SourceSelection {
  static override paths = [['sources', 'discover']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Queue discovery (archive queries) of sources now: those named, or those the filters choose',
    details: `
      Name the sources, or choose them with the filters of \`sources list\` (\`--all\` for every
      one). A source the server skips (disabled, being discovered already, unknown) is named with
      the reason, and the others go on; exit 1 when any was skipped.
    `,
    examples: [
      ['One source', 'surveyor sources discover wallaby_hires HIPASSJ0001-23'],
      ['Again, every one whose discovery failed', 'surveyor sources discover wallaby_hires --state failed'],
    ],
  });

  all = Option.Boolean('--all', false, { description: 'Every source of the project' });
  identifiers = Option.Rest({ name: 'IDENTIFIER' });

  protected async run(api: ApiClient): Promise<number> {
    const filtered = this.filtered();
    if (this.identifiers.length > 0 && (filtered || this.all))
      throw new UsageError('name sources or choose them with filters (or --all), not both');
    if (this.identifiers.length === 0 && !filtered && !this.all)
      throw new UsageError('name the sources, or choose them with --state, --prefix, --to-process or --all');
    const queued: string[] = [];
    const skipped: { source_identifier: string; reason: string }[] = [];
    let jobs = 0;
    // Progress on a terminal only (a script's stderr stays quiet).
    const tty = (this.context.stderr as { isTTY?: boolean }).isTTY === true && !this.asJson;
    const send = async (identifiers: readonly string[]) => {
      const ack = await api.request<{ queued: string[]; skipped: typeof skipped; jobs: number }>(
        'POST',
        '/sources/discover',
        { body: { project_module: this.module, source_identifiers: identifiers } },
      );
      jobs += ack.jobs;
      queued.push(...ack.queued);
      skipped.push(...ack.skipped);
      if (tty) this.context.stderr.write(`\r${queued.length} queued, ${skipped.length} skipped`);
    };
    if (this.identifiers.length > 0)
      for (let i = 0; i < this.identifiers.length; i += batch)
        await send(this.identifiers.slice(i, i + batch));
    // The list pages by identifier: a source queued here leaves a --state failed list, and the next
    // page goes on after the last identifier all the same.
    else
      for await (const page of api.pages<SourceView>('/sources', this.selection(), batch))
        if (page.length > 0) await send(page.map((s) => s.source_identifier));
    if (tty) this.context.stderr.write('\n');
    // --json: the server's answers summed (the same fields as one answer).
    if (this.asJson) this.json({ queued, skipped, jobs });
    else {
      this.out(`discovery queued for ${queued.length} source(s)`);
      for (const s of skipped) this.out(`${s.source_identifier} skipped: ${s.reason}`);
    }
    return skipped.length === 0 ? exitCodes.ok : exitCodes.failure;
  }
}

export class SourcesDeleteCommand extends ReadCommand {
  static override paths = [['sources', 'delete']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Delete sources of a project, by identifier or UUID (refused while an execution holds one)',
    details: `
      Each source is deleted on its own: one that an unfinished execution holds, or whose discovery
      is under way, is refused with the server's reason and the others go on. Executions that ran a
      deleted source list it as (deleted). Exit 0 when every one was deleted, 1 otherwise.
    `,
    examples: [['A misspelt registration', 'surveyor sources delete wallaby_hires HIPASSJ0004-56']],
  });

  module = Option.String({ required: true, name: 'MODULE' });
  names = Option.Rest({ required: 1, name: 'IDENTIFIER_OR_UUID' });

  protected async run(api: ApiClient): Promise<number> {
    const results = (
      await eachSource(api, this.module, this.names, (id) =>
        api.request('DELETE', `/sources/${encodeURIComponent(id)}`),
      )
    ).map((r) => ({ ...r, deleted: r.error === undefined }));
    if (this.asJson) this.json(results);
    else
      for (const r of results)
        if (r.deleted) this.out(`deleted ${r.source}`);
        else this.context.stderr.write(`surveyor: ${r.source} not deleted: ${r.error}\n`);
    return results.every((r) => r.deleted) ? exitCodes.ok : exitCodes.failure;
  }
}
