import { Command, Option } from 'clipanion';
import type { Runtime } from '../../composition/runtime.js';
import type { PurgeReport } from '../../../core/usecases/maintenance/purge.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';

const kept = (n: number, unit: string) => (n === 0 ? 'kept forever' : `${n} ${unit}`);

const bytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;

/** The report as text: each kind with its setting, so an admin sees why each count is what it is. */
export const purgeText = (r: PurgeReport): string => {
  const p = r.policy;
  const c = r.counts;
  const setting = (label: string, n: number, phrase: string, limit: number, unit: string, variable: string) =>
    [label, n, `${phrase.replace('%', kept(limit, unit))} (${variable})`] as [string, number, string];
  const rows: [string, number, string][] = [
    setting(
      'executions',
      c.executions,
      'ended over % ago',
      p.executionsDays,
      'days',
      'SERVICE_RETENTION_EXECUTIONS_DAYS',
    ),
    setting(
      'artifact contents',
      c.artifacts,
      'older than %',
      p.artifactsDays,
      'days',
      'SERVICE_RETENTION_ARTIFACTS_DAYS',
    ),
    setting(
      'provenance events',
      c.events,
      'older than %',
      p.eventsDays,
      'days',
      'SERVICE_RETENTION_EVENTS_DAYS',
    ),
    setting(
      'account audit events',
      c.accountEvents,
      'older than %',
      p.accountEventsDays,
      'days',
      'SERVICE_RETENTION_ACCOUNT_EVENTS_DAYS',
    ),
    setting(
      'configuration versions',
      c.configVersions,
      'beyond the newest %',
      p.configVersionsKept,
      'per project',
      'SERVICE_RETENTION_CONFIG_VERSIONS',
    ),
    setting(
      'finished jobs',
      c.finishedJobs,
      'older than %',
      p.finishedJobsDays,
      'days',
      'SERVICE_RETENTION_FINISHED_JOBS_DAYS',
    ),
    setting(
      'dead jobs',
      c.deadJobs,
      'older than %',
      p.deadJobsDays,
      'days',
      'SERVICE_RETENTION_DEAD_JOBS_DAYS',
    ),
    setting(
      'alert deliveries',
      c.alertDeliveries,
      'ended over % ago',
      p.alertDeliveriesDays,
      'days',
      'SERVICE_RETENTION_ALERT_DELIVERIES_DAYS',
    ),
    ['ended logins', c.authSessions, 'ended over a day ago'],
    ['login failure counters', c.loginFailures, 'older than a day'],
    ['silent workers', c.workers, 'silent for a day'],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = [
    `${r.dryRun ? 'would delete' : 'deleted'} (as of ${r.at.toISOString()}):`,
    ...rows.map(([k, n, why]) => `  ${k.padEnd(width)}  ${String(n).padStart(7)}  ${why}`),
    `${r.dryRun ? 'would free' : 'freed'} ${bytes(c.artifactBytes)} of artifact content`,
  ];
  if (r.heldUnsettled > 0)
    lines.push(
      `kept: ${r.heldUnsettled} ended execution(s) past their limit whose remote work is not known to have ended; cancel each to settle it, then it can go`,
    );
  if (r.dryRun) lines.push('nothing was deleted (dry run)');
  return `${lines.join('\n')}\n`;
};

export class PurgeCommand extends Command {
  static override paths = [['purge']];
  static override usage = Command.Usage({
    description: 'Delete what the retention settings no longer keep (the maintenance tick does it hourly)',
    details: `
      Applies the SERVICE_RETENTION_* settings of this environment now, as the scheduler's
      maintenance tick does every SERVICE_MAINTENANCE_TICK_SECONDS: ended executions (with their
      artifacts), artifact contents of attempts that are over (their digests stay in the ledger),
      provenance events, the account audit, configuration versions, finished and dead queue jobs;
      also ended logins, old login failure counters and silent workers. An execution whose remote
      work is not known to have ended is never deleted; the report counts those kept for that
      reason.

      With --dry-run it does the same work in a transaction and rolls it back: the counts are
      exactly what a purge at that moment would delete, and nothing is deleted. Deletion runs in small batches,
      so a large purge does not block the service. Exit 0 on success, 2 on bad configuration, 3
      when the database is not migrated, 1 otherwise.
    `,
    examples: [
      ['See what would be deleted', 'surveyor purge --dry-run'],
      ['Delete it, reporting as JSON', 'surveyor purge --json'],
    ],
  });

  dryRun = Option.Boolean('--dry-run', false, {
    description: 'Report what would be deleted; delete nothing',
  });
  json = Option.Boolean('--json', false, { description: 'Print the report as JSON' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { appOf } = await import('../../composition/composition.js');
    const { retentionPolicy } = await import('../../composition/retention.js');
    const { openRuntime } = await import('../../composition/runtime.js');
    let rt: Runtime | undefined;
    try {
      rt = await openRuntime('cli', { mockBackends: true, logToStderr: true });
      if (!this.json)
        this.context.stderr.write(this.dryRun ? 'counting what a purge would delete…\n' : 'purging…\n');
      const report = await appOf(rt.container).purge(retentionPolicy(rt.config), { dryRun: this.dryRun });
      this.context.stdout.write(this.json ? `${JSON.stringify(report, null, 2)}\n` : purgeText(report));
      return exitCodes.ok;
    } catch (err) {
      return reportFailure(err, this.context.stderr, rt?.secrets);
    } finally {
      await rt?.close();
    }
  }
}
