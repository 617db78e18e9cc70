import { readFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import { createTwoFilesPatch } from 'diff';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table } from '../../client/clientCommand.js';
import { EventsCommand } from '../../client/eventList.js';

interface VersionView {
  project_module: string;
  version: number;
  content_hash: string;
  active: boolean;
  created_at: string;
  created_by: string;
  yaml?: string;
}

const maxYamlBytes = 1024 * 1024;

export class ProjectUploadCommand extends ReadCommand {
  static override paths = [['project', 'upload']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Upload a project configuration (YAML); it becomes the active version',
    details: `
      The same content as the active version makes no new version. A configuration with patches
      of code fields needs an admin. Problems are listed with their line and column.
    `,
    examples: [['Upload', 'surveyor project upload schema/examples/wallaby_hires.project.yaml']],
  });

  file = Option.String({ required: true, name: 'FILE' });

  protected async run(api: ApiClient): Promise<number> {
    this.issueFile = this.file;
    const text = readFileSync(this.file, 'utf8');
    if (Buffer.byteLength(text) > maxYamlBytes) {
      this.context.stderr.write(`surveyor: ${this.file} is larger than 1 MB\n`);
      return exitCodes.usage;
    }
    const { status, body: v } = await api.send<VersionView>('POST', '/project-configs', { yaml: text });
    if (this.asJson) return this.json(v);
    this.out(
      status === 201
        ? `${v.project_module}: version ${v.version} stored and active`
        : `${v.project_module}: unchanged (version ${v.version} has this content)`,
    );
    return exitCodes.ok;
  }
}

export class ProjectShowCommand extends ReadCommand {
  static override paths = [['project', 'show']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "Print a project's active configuration (or --version N) as YAML",
  });

  module = Option.String({ required: true, name: 'MODULE' });
  version = Option.String('--version', { description: 'A version number instead of the active one' });

  protected async run(api: ApiClient): Promise<number> {
    const path =
      this.version === undefined
        ? `/project-configs/${encodeURIComponent(this.module)}`
        : `/project-configs/${encodeURIComponent(this.module)}/versions/${encodeURIComponent(this.version)}`;
    const v = await api.request<VersionView>('GET', path);
    if (this.asJson) return this.json(v);
    this.context.stderr.write(
      `# ${v.project_module} version ${v.version}${v.active ? ' (active)' : ''}, by ${v.created_by} at ${v.created_at}\n`,
    );
    this.context.stdout.write(v.yaml ?? '');
    return exitCodes.ok;
  }
}

export class ProjectVersionsCommand extends ReadCommand {
  static override paths = [['project', 'versions']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "List a project's configuration versions, newest first",
  });

  module = Option.String({ required: true, name: 'MODULE' });

  protected async run(api: ApiClient): Promise<number> {
    const items = await api.all<VersionView>(
      `/project-configs/${encodeURIComponent(this.module)}/versions`,
      {},
      500,
    );
    if (this.asJson) return this.json(items);
    this.out(
      table([
        ['VERSION', 'ACTIVE', 'CREATED', 'BY', 'SHA256'],
        ...items.map((v) => [
          String(v.version),
          v.active ? 'yes' : '',
          v.created_at,
          v.created_by,
          v.content_hash.slice(0, 12),
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}

export class ProjectDiffCommand extends ReadCommand {
  static override paths = [['project', 'diff']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      'Show what changed between two versions of a configuration (default: the active one and the one before)',
    details: 'Exit 0 when they are the same, 1 when they differ (as diff does).',
    examples: [['Versions 3 and 5', 'surveyor project diff wallaby_hires 3 5']],
  });

  module = Option.String({ required: true, name: 'MODULE' });
  from = Option.String({ required: false, name: 'FROM' });
  to = Option.String({ required: false, name: 'TO' });

  protected async run(api: ApiClient): Promise<number> {
    const base = `/project-configs/${encodeURIComponent(this.module)}`;
    const version = (v: string) =>
      api.request<VersionView>('GET', `${base}/versions/${encodeURIComponent(v)}`);
    const b = this.to === undefined ? await api.request<VersionView>('GET', base) : await version(this.to);
    const a = await version(this.from ?? String(b.version - 1));
    const patch = createTwoFilesPatch(
      `${this.module} version ${a.version}`,
      `${this.module} version ${b.version}`,
      a.yaml ?? '',
      b.yaml ?? '',
    );
    const same = (a.yaml ?? '') === (b.yaml ?? '');
    if (this.asJson) {
      this.json({ from: a.version, to: b.version, same, patch });
    } else this.context.stdout.write(same ? '' : patch);
    return same ? exitCodes.ok : exitCodes.failure;
  }
}

export class ProjectListCommand extends ReadCommand {
  static override paths = [['project', 'list']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'List the projects that have a configuration, with their active version',
  });

  protected async run(api: ApiClient): Promise<number> {
    const { items } = await api.request<{ items: VersionView[] }>('GET', '/project-configs');
    if (this.asJson) return this.json(items);
    this.out(
      table([
        ['PROJECT', 'VERSION', 'SINCE', 'BY', 'SHA256'],
        ...items.map((v) => [
          v.project_module,
          String(v.version),
          v.created_at,
          v.created_by,
          v.content_hash.slice(0, 12),
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}

interface AutomationView {
  project_module: string;
  config_version: number;
  enabled: boolean;
  blocked: string | null;
  max_failed_runs: number;
  retry_wait_minutes: number;
  held: number;
  waiting: number;
  sources: {
    source_identifier: string;
    hold: 'waiting' | 'held';
    failed_runs: number;
    last_failed_execution: string;
    retry_at: string | null;
  }[];
}

export class ProjectAutomationCommand extends ReadCommand {
  static override paths = [['project', 'automation']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "A project's execution automation, and the sources it stopped trying or waits on after failed runs",
    details: `
      After a failed run of a source, automation waits retry_wait_minutes before making another
      (twice as long after each failure, at most a day) and stops after max_failed_runs, until
      discovery finds new data for the source or a new configuration version is active. Stopped
      sources come first; exec retry-failed runs their failed executions again by hand.
    `,
    examples: [['The sources automation gave up on', 'surveyor project automation wallaby_hires']],
  });

  module = Option.String({ required: true, name: 'MODULE' });
  limit = Option.String('--limit', '100', { description: 'At most this many sources (at most 1000)' });

  protected async run(api: ApiClient): Promise<number> {
    const a = await api.request<AutomationView>(
      'GET',
      `/projects/${encodeURIComponent(this.module)}/automation`,
      {
        query: { limit: this.limit },
      },
    );
    if (this.asJson) return this.json(a);
    this.out(
      `automation of ${a.project_module} (configuration version ${a.config_version}): ${a.blocked !== null ? `on but blocked: ${a.blocked}` : a.enabled ? 'on' : 'off'}; after a failed run it waits ${a.retry_wait_minutes} min (twice as long after each), and stops after ${a.max_failed_runs}`,
    );
    this.out(`${a.held} source${a.held === 1 ? '' : 's'} stopped, ${a.waiting} waiting`);
    if (a.sources.length > 0)
      this.out(
        table([
          ['SOURCE', 'HOLD', 'FAILED RUNS', 'LAST RUN', 'TRIED AGAIN AT'],
          ...a.sources.map((s) => [
            s.source_identifier,
            s.hold === 'held' ? 'stopped' : 'waiting',
            `${s.failed_runs} of ${a.max_failed_runs}`,
            s.last_failed_execution.slice(0, 8),
            s.retry_at ?? '-',
          ]),
        ]),
      );
    const shown = a.sources.length;
    if (shown < a.held + a.waiting) this.out(`(${shown} of ${a.held + a.waiting} shown; --limit for more)`);
    return exitCodes.ok;
  }
}

export class ProjectEventsCommand extends EventsCommand {
  static override paths = [['project', 'events']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "A project's events, and its sources' and executions', oldest first (--last N: the newest N)",
  });

  protected override readonly manySubjects = true;

  module = Option.String({ required: true, name: 'MODULE' });

  protected streamPath(): Promise<string> {
    return Promise.resolve(`/projects/${encodeURIComponent(this.module)}/events`);
  }
}
