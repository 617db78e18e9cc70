import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import { ApiError, type ApiClient } from '../../client/apiClient.js';
import { ReadCommand, UsageError } from '../../client/clientCommand.js';
import { EventsCommand } from '../../client/eventList.js';
import { uuidPattern, uuidPrefixPattern } from '../../../../core/domain/idPrefix.js';

export interface ExecutionView {
  uuid: string;
  project_module: string;
  archive_name: string;
  sources: { source_identifier: string }[];
  deployment_profile_name: string;
  state: string;
  attempt: number;
  error: string | null;
  created_at: string;
}

export const path = (id: string, rest = '') => `/executions/${encodeURIComponent(id)}${rest}`;

/**
 * The execution a command names: its id, or the first 8 or more characters of it (what the
 * console and `exec list` show), found with one list request; ambiguous or unknown is said so.
 */
export const resolveExecution = async (api: ApiClient, given: string): Promise<string> => {
  const id = given.toLowerCase();
  if (uuidPattern.test(id)) return id;
  if (!uuidPrefixPattern.test(id))
    throw new UsageError(`${given} is neither an execution id nor its first 8 or more characters`);
  const page = await api.request<{ items: { uuid: string }[] }>('GET', '/executions', {
    query: { id_prefix: id, limit: '6' },
  });
  if (page.items.length === 0) throw new Error(`no execution id starts with ${given}`);
  if (page.items.length > 1)
    throw new UsageError(
      `${given} starts ${page.items.length > 5 ? 'more than 5' : page.items.length} execution ids (${page.items
        .slice(0, 5)
        .map((e) => e.uuid)
        .join(', ')}): give more characters`,
    );
  return page.items[0]!.uuid;
};

export const describe = (e: ExecutionView) =>
  `${e.uuid} ${e.state} (attempt ${e.attempt}, ${e.sources.length} source(s), profile ${e.deployment_profile_name})${e.error ? `: ${e.error}` : ''}`;

export class ExecCreateCommand extends ReadCommand {
  static override paths = [['exec', 'create']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Create an execution of sources (pending until executed), or with --each one per source',
    details: `
      With --idempotency-key, running the same command again returns the same execution instead
      of a second one (with --each, the key and the source name each one). The profile is
      --profile, else the project's default, else the global one.

      A project's configuration caps the sources of one execution
      (\`automation.execution.max_sources_per_execution\`). With --each, one execution is made
      per source, each on its own, so one refused is named and the others go on (exit 1 unless
      every one was made). With --execute, each one made is asked to run.
    `,
    examples: [
      ['Create', 'surveyor exec create wallaby_hires HIPASSJ0001-23 --idempotency-key nightly-2026-11-23'],
      [
        'One per source, each asked to run',
        'surveyor exec create wallaby_hires HIPASSJ0001-23 HIPASSJ0002-34 --each --execute',
      ],
    ],
  });

  module = Option.String({ required: true, name: 'MODULE' });
  identifiers = Option.Rest({ required: 1, name: 'IDENTIFIER' });
  archive = Option.String('--archive', 'casda', { description: 'The archive (default casda)' });
  profile = Option.String('--profile', { description: 'A deployment profile by name' });
  key = Option.String('--idempotency-key', { description: 'Makes a repeated create return the first one' });
  each = Option.Boolean('--each', false, { description: 'One execution per source' });
  andRun = Option.Boolean('--execute', false, { description: 'Ask each execution made to run' });

  private async make(api: ApiClient, sources: readonly string[], key: string | undefined) {
    const e = await api.request<ExecutionView>('POST', '/executions', {
      body: {
        project_module: this.module,
        archive_name: this.archive,
        sources: sources.map((source_identifier) => ({ source_identifier })),
        ...(this.profile !== undefined ? { deployment_profile_name: this.profile } : {}),
      },
      ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
    });
    return this.andRun ? api.request<ExecutionView>('POST', path(e.uuid, '/execute'), { body: {} }) : e;
  }

  protected async run(api: ApiClient): Promise<number> {
    if (!this.each) {
      try {
        const e = await this.make(api, this.identifiers, this.key);
        if (this.asJson) return this.json(e);
        this.out(describe(e));
        return exitCodes.ok;
      } catch (err) {
        // Too many sources for one execution: say how to make one per source.
        if (
          err instanceof ApiError &&
          err.status === 422 &&
          this.identifiers.length > 1 &&
          /max_sources_per_execution/.test(JSON.stringify(err.details ?? {}))
        )
          this.context.stderr.write('surveyor: --each makes one execution per source\n');
        throw err;
      }
    }
    const made: ExecutionView[] = [];
    const refused: { source: string; error: string }[] = [];
    for (const source of new Set(this.identifiers))
      try {
        const e = await this.make(
          api,
          [source],
          this.key === undefined ? undefined : `${this.key}:${source}`,
        );
        made.push(e);
        if (!this.asJson) this.out(describe(e));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const error = `${err.message} (${err.code}, HTTP ${err.status})`;
        refused.push({ source, error });
        if (!this.asJson) this.out(`${source}: not made: ${error}`);
      }
    if (this.asJson) this.json({ made, refused });
    else this.out(`${made.length} of ${made.length + refused.length} made`);
    return refused.length === 0 ? exitCodes.ok : exitCodes.failure;
  }
}

export class ExecExecuteCommand extends ReadCommand {
  static override paths = [['exec', 'execute']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Ask an execution to run: queued at once when its gates pass, else when they do',
  });

  id = Option.String({ required: true, name: 'ID' });
  noStage = Option.Boolean('--no-stage', false, { description: 'Skip staging the data' });
  noSubmit = Option.Boolean('--no-submit', false, { description: 'Stop before submission (a dry run)' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await resolveExecution(api, this.id);
    const e = await api.request<ExecutionView & { blocked_by: string[] }>('POST', path(id, '/execute'), {
      body: { ...(this.noStage ? { do_stage: false } : {}), ...(this.noSubmit ? { do_submit: false } : {}) },
    });
    if (this.asJson) return this.json(e);
    this.out(describe(e));
    for (const b of e.blocked_by) this.out(`  waiting: ${b}`);
    return exitCodes.ok;
  }
}

/** A command on one execution that prints it: status, cancel, retry. */
abstract class OneExecution extends ReadCommand {
  id = Option.String({ required: true, name: 'ID' });
  protected abstract call(api: ApiClient, id: string): Promise<ExecutionView & { blocked_by?: string[] }>;

  protected async run(api: ApiClient): Promise<number> {
    const e = await this.call(api, await resolveExecution(api, this.id));
    if (this.asJson) return this.json(e);
    this.out(describe(e));
    for (const b of e.blocked_by ?? []) this.out(`  blocked: ${b}`);
    return exitCodes.ok;
  }
}

export class ExecStatusCommand extends OneExecution {
  static override paths = [['exec', 'status']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "An execution's state and phase, and what it waits for",
  });
  protected call(api: ApiClient, id: string) {
    return api.request<ExecutionView & { blocked_by: string[] }>('GET', path(id, '/status'));
  }
}

export class ExecCancelCommand extends OneExecution {
  static override paths = [['exec', 'cancel']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Cancel an execution (a submitted one is cancelled on its backend too)',
  });
  protected call(api: ApiClient, id: string) {
    return api.request<ExecutionView>('POST', path(id, '/cancel'));
  }
}

export class ExecRetryCommand extends OneExecution {
  static override paths = [['exec', 'retry']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Run a failed or cancelled execution again, as a new attempt',
    details: `
      The new attempt reuses what an earlier one staged when the dataset and its link are the same
      and every file is still there with its checksum (its events say what was reused and why it
      was safe); --from-scratch stages everything again.
    `,
  });
  fromScratch = Option.Boolean('--from-scratch', false, {
    description: 'Stage everything again instead of reusing what an earlier attempt staged',
  });

  protected call(api: ApiClient, id: string) {
    return api.request<ExecutionView>('POST', path(id, '/retry'), {
      query: { from_scratch: this.fromScratch ? 'true' : undefined },
    });
  }
}

export class ExecEventsCommand extends EventsCommand {
  static override paths = [['exec', 'events']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "An execution's events, oldest first (--last N: only the newest N)",
  });

  id = Option.String({ required: true, name: 'ID' });

  protected async streamPath(api: ApiClient): Promise<string> {
    return path(await resolveExecution(api, this.id), '/events');
  }
}

export class ExecReproduceCommand extends ReadCommand {
  static override paths = [['exec', 'reproduce']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'A new execution that runs again what an earlier one ran',
    details: `
      The same configuration version (its graph checked by the sha256 it pins), the same profile
      snapshot, and the same sources on the metadata they had when the earlier one translated; the
      new execution's run record names the one it reproduces. The --with-current-* options take
      today's configuration, profile or metadata instead, and the run record says so. It waits in
      pending unless --execute (or --dry-run: manifest and graph only).
    `,
    examples: [['Run last month’s cube again, the same way', 'surveyor exec reproduce 1b2c3d4e --execute']],
  });

  id = Option.String({ required: true, name: 'ID' });
  runNow = Option.Boolean('--execute', false, { description: 'Ask it to run at once' });
  dryRun = Option.Boolean('--dry-run', false, { description: 'Build its manifest and graph only' });
  currentConfig = Option.Boolean('--with-current-config', false, {
    description: "The project's active configuration version instead of the original's",
  });
  currentProfile = Option.Boolean('--with-current-profile', false, {
    description: 'The profile as it is now instead of the original snapshot',
  });
  currentMetadata = Option.Boolean('--with-current-metadata', false, {
    description: "The sources' metadata as discovery has it now",
  });

  protected async run(api: ApiClient): Promise<number> {
    const e = await api.request<ExecutionView & { blocked_by: string[] }>(
      'POST',
      path(await resolveExecution(api, this.id), '/reproduce'),
      {
        body: {
          ...(this.runNow ? { execute: true } : {}),
          ...(this.dryRun ? { dry_run: true } : {}),
          ...(this.currentConfig ? { with_current_config: true } : {}),
          ...(this.currentProfile ? { with_current_profile: true } : {}),
          ...(this.currentMetadata ? { with_current_metadata: true } : {}),
        },
      },
    );
    if (this.asJson) return this.json(e);
    this.out(describe(e));
    for (const b of e.blocked_by) this.out(`  waiting: ${b}`);
    return exitCodes.ok;
  }
}

interface Change {
  path: string;
  a?: unknown;
  b?: unknown;
}
interface Comparison {
  same: boolean;
  configuration: {
    a: { project_module: string; version: number };
    b: { project_module: string; version: number };
    same: boolean;
    yaml_diff: string | null;
    yaml_diff_omitted: string | null;
  };
  graph: { a: string | null; b: string | null; same: boolean };
  profile: { a: { name: string; version: number }; b: { name: string; version: number }; changes: Change[] };
  sources: {
    only_in_a: string[];
    only_in_b: string[];
    changed: {
      source_identifier: string;
      signature_a: string | null;
      signature_b: string | null;
      fields: Change[] | null;
    }[];
  };
  backend: { a: { translator_version: string | null }; b: { translator_version: string | null } };
  outcome: { a: { state: string; error: string | null }; b: { state: string; error: string | null } };
}

const shown = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));
const changeLine = (c: Change) => `${c.path}: ${shown(c.a)} -> ${shown(c.b)}`;

export class ExecDiffCommand extends ReadCommand {
  static override paths = [['exec', 'diff']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'What differs between two executions',
    details: `
      The configuration version (with the YAML's unified diff), the graph digest, the profile
      fields, the sources (and, for those both ran, their signatures and manifest entries), and how
      each ended. Exit 0 when what they were made with is the same, 1 when it differs (as diff does).
    `,
    examples: [['The run that worked against the one that did not', 'surveyor exec diff 1b2c3d4e 9f8e7d6c']],
  });

  a = Option.String({ required: true, name: 'A' });
  b = Option.String({ required: true, name: 'B' });

  protected async run(api: ApiClient): Promise<number> {
    const a = await resolveExecution(api, this.a);
    const b = await resolveExecution(api, this.b);
    const d = await api.request<Comparison>('GET', path(a, `/diff/${encodeURIComponent(b)}`));
    if (this.asJson) {
      this.json(d);
      return d.same ? exitCodes.ok : exitCodes.failure;
    }
    const c = d.configuration;
    this.out(`a: ${a} ${d.outcome.a.state}${d.outcome.a.error ? ` (${d.outcome.a.error})` : ''}`);
    this.out(`b: ${b} ${d.outcome.b.state}${d.outcome.b.error ? ` (${d.outcome.b.error})` : ''}`);
    this.out(
      `configuration: ${c.same ? `the same (${c.a.project_module} version ${c.a.version})` : `${c.a.project_module} version ${c.a.version} -> ${c.b.project_module} version ${c.b.version}`}`,
    );
    this.out(`graph: ${d.graph.same ? 'the same' : `sha256 ${d.graph.a} -> ${d.graph.b}`}`);
    const tv = (v: string | null) => v ?? 'not known';
    this.out(
      `translator (DALiuGE): ${tv(d.backend.a.translator_version)} -> ${tv(d.backend.b.translator_version)}`,
    );
    const p = d.profile;
    this.out(
      `profile: ${p.a.name} v${p.a.version} -> ${p.b.name} v${p.b.version}: ${p.changes.length === 0 ? 'the same fields' : `${p.changes.length} field(s) differ`}`,
    );
    for (const x of p.changes) this.out(`  ${changeLine(x)}`);
    const s = d.sources;
    if (s.only_in_a.length > 0) this.out(`sources only in a: ${s.only_in_a.join(', ')}`);
    if (s.only_in_b.length > 0) this.out(`sources only in b: ${s.only_in_b.join(', ')}`);
    for (const x of s.changed) {
      this.out(`source ${x.source_identifier}: signature ${x.signature_a ?? '-'} -> ${x.signature_b ?? '-'}`);
      if (x.fields === null) this.out('  (a manifest to compare is missing: not built, or pruned)');
      for (const f of x.fields ?? []) this.out(`  ${changeLine(f)}`);
    }
    if (s.only_in_a.length + s.only_in_b.length + s.changed.length === 0) this.out('sources: the same');
    if (c.yaml_diff) this.context.stdout.write(c.yaml_diff);
    if (c.yaml_diff_omitted) this.out(`configuration diff omitted: ${c.yaml_diff_omitted}`);
    return d.same ? exitCodes.ok : exitCodes.failure;
  }
}

export class ExecProvenanceCommand extends ReadCommand {
  static override paths = [['exec', 'provenance']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "An execution's provenance as a W3C PROV document",
    details: `
      What the execution used, what each attempt made, the activities that made them with their
      times, and the people and systems that acted: PROV-JSON, or PROV-N with --provn. Ids are URIs
      under the service's SERVICE_PUBLIC_URL.
    `,
    examples: [['Write PROV-N to a file', 'surveyor exec provenance 1b2c3d4e --provn > run.provn']],
  });

  id = Option.String({ required: true, name: 'ID' });
  provn = Option.Boolean('--provn', false, { description: 'PROV-N instead of PROV-JSON' });

  protected async run(api: ApiClient): Promise<number> {
    const doc = await api.request<unknown>('GET', path(await resolveExecution(api, this.id), '/provenance'), {
      query: { format: this.provn ? 'provn' : 'json' },
    });
    this.out(typeof doc === 'string' ? doc.trimEnd() : JSON.stringify(doc, null, 2));
    return exitCodes.ok;
  }
}
