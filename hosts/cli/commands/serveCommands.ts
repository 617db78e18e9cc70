import { Command, Option } from 'clipanion';
import type { ServeRole } from '../serve.js';
import { runShutdownSteps } from '../../composition/shutdown.js';
import { reportFailure } from '../failures.js';

abstract class ServeCommand extends Command {
  protected abstract readonly roles: readonly ServeRole[];
  migrate = Option.Boolean('--migrate', false, { description: 'Apply pending migrations before starting' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { serve } = await import('../serve.js');
    const group = await import('../../composition/processGroup.js');
    const { loadConfig } = await import('../../composition/loadConfig.js');
    const say = (s: string) => this.context.stderr.write(`${s}\n`);
    try {
      // A child of a process group serves its one role; a first process with more than one
      // process to run starts the group instead of serving.
      const role = group.groupRole();
      const sizes = role ? null : group.groupSizes(loadConfig(), this.roles);
      if (sizes && (sizes.api > 1 || sizes.worker > 1))
        await group.runGroup(sizes, { migrate: this.migrate, say });
      else
        await serve(role ? [role] : this.roles, {
          migrate: this.migrate || process.env['SURVEYOR_GROUP_MIGRATE'] === '1',
          say,
        });
      // The process now lives until a signal; onShutdown exits it.
      await new Promise<never>(() => {});
      return 0;
    } catch (err) {
      // Whatever started before the failure (the embedded database above all) is stopped.
      await runShutdownSteps();
      return reportFailure(err, this.context.stderr);
    }
  }
}

const serveDetails = `
  Runs until SIGINT or SIGTERM, then stops taking work, finishes or releases what it holds
  (SERVICE_SHUTDOWN_GRACE_SECONDS), stops an embedded PostgreSQL it started, and exits 0.
  Without DATABASE_URL it runs (or attaches to) the embedded PostgreSQL in SERVICE_DATA_DIR.
  Exit 2 on bad configuration, 3 when the schema needs \`surveyor migrate\` (or --migrate), 1 on
  any other failure to start. SERVICE_API_PROCESSES and SERVICE_WORKER_PROCESSES above 1 (or
  auto) run a group of processes: this one starts them, restarts one that dies, serves their
  summed metrics and stops them all at SIGTERM.
`;

export class StartCommand extends ServeCommand {
  static override paths = [['start']];
  static override usage = Command.Usage({
    description: 'Run every role in one process: API, worker and scheduler',
    details: serveDetails,
    examples: [['Development, embedded database', 'surveyor start --migrate']],
  });
  protected readonly roles = ['api', 'worker'] as const;
}

export class ApiCommand extends ServeCommand {
  static override paths = [['api']];
  static override usage = Command.Usage({ description: 'Run the HTTP API only', details: serveDetails });
  protected readonly roles = ['api'] as const;
}

export class WorkerCommand extends ServeCommand {
  static override paths = [['worker']];
  static override usage = Command.Usage({
    description: 'Run a worker (and the scheduler, unless SERVICE_WORKER_SCHEDULER_ENABLED=false)',
    details: serveDetails,
  });
  protected readonly roles = ['worker'] as const;
}
