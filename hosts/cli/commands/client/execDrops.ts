import { Command, Option } from 'clipanion';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand } from '../../client/clientCommand.js';
import { exitCodes } from '../../exitCodes.js';
import { path, resolveExecution } from './exec.js';

interface DropStates {
  source: 'island_manager' | 'none';
  read_at: string;
  counts: Record<string, number>;
  note: string | null;
}

const order = ['error', 'running', 'done', 'waiting', 'cancelled', 'skipped'];

export class ExecDropsCommand extends ReadCommand {
  static override paths = [['exec', 'drops']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "An execution's drops now: how many are in error, running, done or waiting",
    details: `
      Read from its island manager while the run is there (the console's live graph reads the
      same); --json gives every drop's state by oid. A run that has not reached its backend, has
      ended, or runs in a Slurm job has none to read (a Slurm job's drops are reachable only over
      SSH through the login node), and the answer says so.
    `,
    examples: [['How far a run is', 'surveyor exec drops 1b2c3d4e']],
  });

  id = Option.String({ required: true, name: 'ID' });

  protected async run(api: ApiClient): Promise<number> {
    const d = await api.request<DropStates>(
      'GET',
      path(await resolveExecution(api, this.id), '/drop-states'),
    );
    if (this.asJson) return this.json(d);
    if (d.source === 'none') {
      this.out(`no drop states to read: ${d.note}`);
      return exitCodes.ok;
    }
    const total = Object.values(d.counts).reduce((a, b) => a + b, 0);
    const parts = order.filter((s) => (d.counts[s] ?? 0) > 0).map((s) => `${d.counts[s]} ${s}`);
    this.out(`${total} drops, from the island manager at ${d.read_at}: ${parts.join(', ') || 'none'}`);
    if (d.note) this.out(d.note);
    return exitCodes.ok;
  }
}
