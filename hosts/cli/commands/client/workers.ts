import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand } from '../../client/clientCommand.js';

interface WorkerView {
  id: string;
  hostname: string;
  pid: number;
  drain_requested_at: string | null;
  drain_requested_by: string | null;
}

export class WorkerDrainCommand extends ReadCommand {
  static override paths = [['worker', 'drain']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Drain a worker process before stopping or upgrading it (an admin)',
    details: `
      The worker (its id as \`surveyor overview\` lists it: host:pid:token) reads the request at its
      next heartbeat (SERVICE_WORKER_HEARTBEAT_SECONDS), stops claiming jobs, finishes or hands back
      what it holds within SERVICE_SHUTDOWN_GRACE_SECONDS, deregisters and exits; a process group
      does not replace it. A process that serves the API too stops only its worker part.
    `,
    examples: [['Drain one worker', 'surveyor worker drain node1:4242:Ab3x']],
  });

  id = Option.String({ required: true, name: 'WORKER_ID' });

  protected async run(api: ApiClient): Promise<number> {
    const r = await api.request<WorkerView>('POST', `/workers/${encodeURIComponent(this.id)}/drain`);
    if (this.asJson) return this.json(r);
    this.out(
      `worker ${r.id} (pid ${r.pid} on ${r.hostname}) asked to drain at ${r.drain_requested_at} by ${r.drain_requested_by}; it exits once its work is finished or handed back`,
    );
    return exitCodes.ok;
  }
}
