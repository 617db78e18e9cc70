import { type PauseView, pauseWindow } from './profile.js';
import { Command } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table } from '../../client/clientCommand.js';
import { describe, type ExecutionView } from './exec.js';

interface OverviewView {
  executions_by_state: Record<string, number>;
  queue: { queued: number; running: number; dead: number; oldest_queued_age_seconds: number };
  workers: { hostname: string; pid: number; roles: string[]; heartbeat_at: string }[];
  recent_failures: ExecutionView[];
  paused_profiles: (PauseView & { name: string; project_module: string | null })[];
  blocked_automation: { project_module: string; config_version: number; reason: string }[];
}

export class OverviewCommand extends ReadCommand {
  static override paths = [['overview']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'The service at a glance: executions by state, the job queue, live workers, recent failures',
  });

  protected async run(api: ApiClient): Promise<number> {
    const o = await api.request<OverviewView>('GET', '/overview');
    if (this.asJson) return this.json(o);
    const states = Object.entries(o.executions_by_state).filter(([, n]) => n > 0);
    this.out(`executions: ${states.length === 0 ? 'none' : states.map(([s, n]) => `${n} ${s}`).join(', ')}`);
    const q = o.queue;
    this.out(
      `queue: ${q.queued} queued (oldest ${Math.round(q.oldest_queued_age_seconds)} s), ${q.running} running, ${q.dead} dead`,
    );
    this.out(`workers: ${o.workers.length}`);
    if (o.workers.length > 0)
      this.out(
        table([
          ['  HOST', 'PID', 'ROLES', 'HEARTBEAT'],
          ...o.workers.map((w) => [`  ${w.hostname}`, String(w.pid), w.roles.join(','), w.heartbeat_at]),
        ]),
      );
    for (const p of o.paused_profiles)
      this.out(
        `profile ${p.name} (${p.project_module ?? 'global'}) paused ${pauseWindow(p)} by ${p.by}: ${p.reason} (${p.holding ? `${p.waiting} ${p.waiting === 1 ? 'execution waits' : 'executions wait'}` : 'it holds nothing yet'})`,
      );
    for (const b of o.blocked_automation)
      this.out(
        `automation of ${b.project_module} (configuration version ${b.config_version}) is on but blocked: ${b.reason}`,
      );
    if (o.recent_failures.length > 0) this.out('recent failures:');
    for (const e of o.recent_failures) this.out(`  ${describe(e)}`);
    return exitCodes.ok;
  }
}
