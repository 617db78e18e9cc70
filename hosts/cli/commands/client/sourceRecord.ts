import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand } from '../../client/clientCommand.js';
import { EventsCommand } from '../../client/eventList.js';
import { eachSource, oneSource } from './sources.js';

// One source of a project, named by identifier or UUID: shown, its readiness and standing with
// automation, its events, switched on or off.

export class SourcesShowCommand extends ReadCommand {
  static override paths = [['sources', 'show']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'A source as stored: whether enabled, its discovery and the metadata the archive gave',
  });

  module = Option.String({ required: true, name: 'MODULE' });
  name = Option.String({ required: true, name: 'IDENTIFIER_OR_UUID' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await oneSource(api, this.module, this.name);
    return this.json(await api.request('GET', `/sources/${encodeURIComponent(id)}`));
  }
}

/** A source's standing with execution automation after failed runs (the API's SourceAutomation). */
interface AutomationStanding {
  failed_runs: number;
  max_failed_runs: number;
  last_failed_execution: string;
  hold: 'trying' | 'waiting' | 'held';
  retry_at: string | null;
}

const automationWords = (a: AutomationStanding) => {
  const runs = `${a.failed_runs} of ${a.max_failed_runs} failed runs (last ${a.last_failed_execution})`;
  if (a.hold === 'held')
    return `stopped after ${runs}: tried again on new data or a new configuration version; exec retry-failed runs it by hand`;
  if (a.hold === 'waiting') return `waiting until ${a.retry_at} after ${runs}`;
  return `trying again after ${runs}`;
};

export class SourcesStatusCommand extends ReadCommand {
  static override paths = [['sources', 'status']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Whether a source is ready for an execution, and if not, why',
  });

  id = Option.String({ required: true, name: 'UUID' });

  protected async run(api: ApiClient): Promise<number> {
    const s = await api.request<{
      source_identifier: string;
      ready: boolean;
      blocked_by: string[];
      discovery_state: string;
      automation: AutomationStanding | null;
    }>('GET', `/sources/${encodeURIComponent(this.id)}/status`);
    if (this.asJson) return this.json(s);
    this.out(`${s.source_identifier}: ${s.ready ? 'ready' : 'not ready'} (discovery ${s.discovery_state})`);
    for (const b of s.blocked_by) this.out(`  blocked: ${b}`);
    if (s.automation) this.out(`  automation: ${automationWords(s.automation)}`);
    return exitCodes.ok;
  }
}

export class SourcesEventsCommand extends EventsCommand {
  static override paths = [['sources', 'events']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "A source's events (registered, discovered, processed), oldest first (--last N: the newest N)",
  });

  module = Option.String({ required: true, name: 'MODULE' });
  name = Option.String({ required: true, name: 'IDENTIFIER_OR_UUID' });

  protected async streamPath(api: ApiClient): Promise<string> {
    return `/sources/${encodeURIComponent(await oneSource(api, this.module, this.name))}/events`;
  }
}

/** Enables or disables sources, each on its own: one refused or unknown is named, the rest go on. */
abstract class SwitchSources extends ReadCommand {
  protected abstract readonly enabled: boolean;

  module = Option.String({ required: true, name: 'MODULE' });
  names = Option.Rest({ required: 1, name: 'IDENTIFIER_OR_UUID' });

  protected async run(api: ApiClient): Promise<number> {
    const results = (
      await eachSource(api, this.module, this.names, (id) =>
        api.request('PATCH', `/sources/${encodeURIComponent(id)}`, { body: { enabled: this.enabled } }),
      )
    ).map((r) => ({ ...r, enabled: r.error === undefined ? this.enabled : undefined }));
    if (this.asJson) this.json(results);
    else
      for (const r of results)
        if (r.error === undefined) this.out(`${r.source} ${r.enabled ? 'enabled' : 'disabled'}`);
        else this.context.stderr.write(`surveyor: ${r.source}: ${r.error}\n`);
    return results.every((r) => r.error === undefined) ? exitCodes.ok : exitCodes.failure;
  }
}

export class SourcesEnableCommand extends SwitchSources {
  static override paths = [['sources', 'enable']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Enable sources: discovery and automation take them again',
    details: 'Exit 0 when every one was enabled, 1 otherwise (each failure is named).',
  });
  protected readonly enabled = true;
}

export class SourcesDisableCommand extends SwitchSources {
  static override paths = [['sources', 'disable']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Disable sources: neither discovered nor run by automation; what they have is kept',
    details: 'Exit 0 when every one was disabled, 1 otherwise (each failure is named).',
  });
  protected readonly enabled = false;
}
