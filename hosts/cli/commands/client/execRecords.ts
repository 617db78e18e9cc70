import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table, UsageError } from '../../client/clientCommand.js';
import { describe, type ExecutionView, path, resolveExecution } from './exec.js';

// What an execution recorded: the execution itself, its summary, its ledger and its artifacts.

interface SummaryView {
  uuid: string;
  state: string;
  phase: string;
  attempt: number;
  dry_run: boolean;
  scheduler_job_id: string | null;
  remote_state: string | null;
  error: string | null;
  failed_drops: string[];
  durations_seconds: Record<string, number | null>;
  events: number;
}

interface ArtifactEntry {
  attempt: number;
  name: string;
  media_type: string;
  sha256: string;
  size: number;
  created_at: string;
  content_pruned_at: string | null;
}

interface LedgerView {
  attempt: number;
  artifacts: ArtifactEntry[];
}

export class ExecShowCommand extends ReadCommand {
  static override paths = [['exec', 'show']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'An execution as it is stored: project, sources, profile, archive, state and attempt',
  });

  id = Option.String({ required: true, name: 'ID' });

  protected async run(api: ApiClient): Promise<number> {
    const e = await api.request<ExecutionView>('GET', path(await resolveExecution(api, this.id)));
    if (this.asJson) return this.json(e);
    this.out(describe(e));
    this.out(`  project ${e.project_module}, archive ${e.archive_name}, created ${e.created_at}`);
    this.out(`  sources: ${e.sources.map((s) => s.source_identifier).join(', ')}`);
    return exitCodes.ok;
  }
}

const seconds = (s: number | null | undefined) => (s === null || s === undefined ? '-' : `${s.toFixed(1)} s`);

export class ExecSummaryCommand extends ReadCommand {
  static override paths = [['exec', 'summary']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      'How long each phase of the current attempt took, and what the backend reported (job id, state, failed drops)',
  });

  id = Option.String({ required: true, name: 'ID' });

  protected async run(api: ApiClient): Promise<number> {
    const s = await api.request<SummaryView>('GET', path(await resolveExecution(api, this.id), '/summary'));
    if (this.asJson) return this.json(s);
    this.out(
      `${s.uuid} ${s.state} (${s.phase}, attempt ${s.attempt}${s.dry_run ? ', dry run' : ''}, ${s.events} events)`,
    );
    if (s.scheduler_job_id) this.out(`  backend: ${s.scheduler_job_id} ${s.remote_state ?? ''}`.trimEnd());
    if (s.error) this.out(`  error: ${s.error}`);
    if (s.failed_drops.length > 0) this.out(`  failed drops: ${s.failed_drops.join(', ')}`);
    const phases = Object.entries(s.durations_seconds);
    this.out(table([phases.map(([k]) => k.toUpperCase()), phases.map(([, v]) => seconds(v))]));
    return exitCodes.ok;
  }
}

export class ExecLedgerCommand extends ReadCommand {
  static override paths = [['exec', 'ledger']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "Print an execution's ledger snapshot (JSON): configuration, profile, sources' signatures, artifacts, transitions",
  });

  id = Option.String({ required: true, name: 'ID' });

  protected async run(api: ApiClient): Promise<number> {
    return this.json(
      await api.request('GET', path(await resolveExecution(api, this.id), '/ledger-snapshot')),
    );
  }
}

export class ExecArtifactCommand extends ReadCommand {
  static override paths = [['exec', 'artifact']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "List an execution's artifacts, or write one (by NAME) to stdout or a file",
    details: `
      Without NAME: every attempt's artifacts (manifest, graphs, staging records) with their size
      and sha256. With NAME: that artifact of the current attempt (or --attempt N), checked
      against the sha256 the ledger holds before it is written; exit 1 when it does not match or
      retention dropped it.
    `,
    examples: [
      ['List', 'surveyor exec artifact 3f2a9c1d'],
      ['The translated graph', 'surveyor exec artifact 3f2a9c1d pg_spec.json --output pg.json'],
    ],
  });

  id = Option.String({ required: true, name: 'ID' });
  name = Option.String({ required: false, name: 'NAME' });
  attempt = Option.String('--attempt', { description: 'The attempt (default: the current one)' });
  output = Option.String('--output', { description: 'Write it to this file instead of stdout' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await resolveExecution(api, this.id);
    const ledger = await api.request<LedgerView>('GET', path(id, '/ledger-snapshot'));
    const attempt = this.attempt === undefined ? undefined : Number(this.attempt);
    if (attempt !== undefined && (!Number.isInteger(attempt) || attempt < 1))
      throw new UsageError('--attempt must be a whole number from 1');
    if (this.name === undefined) {
      const items = ledger.artifacts.filter((a) => attempt === undefined || a.attempt === attempt);
      if (this.asJson) return this.json(items);
      this.out(
        table([
          ['ATTEMPT', 'NAME', 'TYPE', 'SIZE', 'SHA256', 'CREATED'],
          ...items.map((a) => [
            String(a.attempt),
            a.name,
            a.media_type,
            a.content_pruned_at ? `(dropped ${a.content_pruned_at})` : String(a.size),
            a.sha256.slice(0, 12),
            a.created_at,
          ]),
        ]),
      );
      return exitCodes.ok;
    }
    const which = attempt ?? ledger.attempt;
    const entry = ledger.artifacts.find((a) => a.attempt === which && a.name === this.name);
    if (!entry)
      throw new Error(`attempt ${which} has no artifact ${this.name} (exec artifact ${this.id} lists them)`);
    const bytes = await api.bytes('GET', path(id, '/artifact'), {
      query: { attempt: String(which), name: entry.name },
      headers: { accept: '*/*' },
    });
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== entry.sha256)
      throw new Error(
        `${entry.name} arrived with sha256 ${digest}, not the ledger's ${entry.sha256}: not written`,
      );
    if (this.output === undefined) this.context.stdout.write(bytes);
    else {
      writeFileSync(this.output, bytes);
      this.context.stderr.write(
        `${entry.name} (attempt ${which}, ${bytes.length} bytes, sha256 checked) -> ${this.output}\n`,
      );
    }
    return exitCodes.ok;
  }
}
