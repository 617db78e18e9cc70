import { Command, Option, UsageError } from 'clipanion';
import type { RestoreCheck } from '../../../core/usecases/maintenance/restoreGate.js';
import type { Runtime } from '../../composition/runtime.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';

/** The check as text: what the copy is, what was adopted, what could not be looked up. */
export const restoreCheckText = (c: RestoreCheck): string => {
  const lines = [
    c.differs.length === 0
      ? `this database is the copy last settled at ${c.recordedAt}`
      : `this database is a new copy (${c.differs.join(', ')} changed since ${c.recordedAt}): restored or promoted`,
  ];
  const r = c.report;
  if (r) {
    const verb = r.dry_run ? 'would adopt' : 'adopted';
    lines.push(
      `looked up ${r.checked} unsubmitted execution(s) on their backends: ${verb} ${r.adopted.length}, nothing found for ${r.nothing_found}, unknown ${r.unknown.length}${r.changed_meanwhile ? `, ${r.changed_meanwhile} moved meanwhile` : ''}`,
    );
    for (const a of r.adopted)
      lines.push(
        `  ${verb} ${a.execution_id} (${a.project_module}): ${a.external_name} as ${a.scheduler_job_id}; the tables said ${a.from_state}, attempt ${a.from_attempt}${a.earlier_attempts_found.length ? `; earlier attempts found too: ${a.earlier_attempts_found.join(', ')}` : ''}`,
      );
    for (const u of r.unknown) lines.push(`  unknown ${u.execution_id}: ${u.external_name}: ${u.error}`);
    if (r.unknown.length > 0)
      lines.push(
        'the unknown ones are not run until their backend answers: run this again then (workers retry on their own every 30 s), or cancel an execution whose backend is gone',
      );
  }
  if (r?.dry_run) lines.push('nothing was changed (dry run)');
  else if (c.settled && r) lines.push('this copy is now recorded as settled: workers claim work on it');
  return `${lines.join('\n')}\n`;
};

export class RestoreCheckCommand extends Command {
  static override paths = [['restore-check']];
  static override usage = Command.Usage({
    description: 'After restoring a backup or promoting a standby: adopt the work the backends already have',
    details: `
      A restored database lacks what happened after its backup: executions it holds as pending,
      queued, staging, translating or submitting may have been submitted since, and their Slurm
      jobs or DALiuGE sessions exist. This command looks each one up on its backend under its
      deterministic names (surveyor-<execution>-a<attempt>, for the recorded attempt and the next
      --attempts - 1, which a retry since the backup would have used): squeue and sacct on the
      login node, once for the names of up to 50 executions of one profile, and the island
      manager's session of each. The latest attempt found is adopted: the execution
      is recorded as submitted and running, with an execution.submitted event (adopted,
      after_restore), and polled to its true end. Nothing found: the execution runs as usual.

      Workers run the same check on their own before they claim anything, whenever the database is
      a new copy (its system identifier, database or table OIDs, or WAL timeline differ from the
      ones recorded); this command runs it on any copy, and shows which. It uses the real backends
      when SERVICE_USE_REAL_BACKENDS says so, as a worker does.

      A lookup that fails is reported as unknown, never as absent: those executions are not run
      until their backend answers. Exit 0 when every execution was settled, 1 when any is unknown
      (or on another failure), 2 on bad configuration, 3 when the database is not migrated.
    `,
    examples: [
      ['See what would be adopted', 'surveyor restore-check --dry-run'],
      ['Adopt it, reporting as JSON', 'surveyor restore-check --json'],
    ],
  });

  dryRun = Option.Boolean('--dry-run', false, { description: 'Look everything up; change nothing' });
  attempts = Option.String('--attempts', {
    description:
      'Attempts looked up per execution, from the recorded one (1-20; default 3: it and the next two)',
  });
  json = Option.Boolean('--json', false, { description: 'Print the report as JSON' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const attempts = this.attempts === undefined ? undefined : Number(this.attempts);
    if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 1 || attempts > 20))
      throw new UsageError('--attempts must be a whole number from 1 to 20');
    const { appOf } = await import('../../composition/composition.js');
    const { openRuntime } = await import('../../composition/runtime.js');
    let rt: Runtime | undefined;
    try {
      rt = await openRuntime('cli', { logToStderr: true });
      if (!this.json) this.context.stderr.write('looking unsubmitted executions up on their backends…\n');
      const check = await appOf(rt.container).restoreCheck({
        force: true,
        dryRun: this.dryRun,
        ...(attempts === undefined ? {} : { attempts }),
      });
      this.context.stdout.write(this.json ? `${JSON.stringify(check, null, 2)}\n` : restoreCheckText(check));
      return check.settled ? exitCodes.ok : exitCodes.failure;
    } catch (err) {
      return reportFailure(err, this.context.stderr, rt?.secrets);
    } finally {
      await rt?.close();
    }
  }
}
