import type { SurveyorPorts } from '../../core/app/ports.js';
import type { Metrics } from '../../adapters/metrics/registry.js';

/**
 * One read shared by the gauges a scrape collects one after another (within a second), instead of
 * one read per gauge.
 */
const perScrape = <T>(read: () => Promise<T>) => {
  let last: { at: number; value: Promise<T> } | null = null;
  return (): Promise<T> => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), value: read() };
    return last.value;
  };
};

/** Gauges read at scrape time: queue jobs, sources and executions by state, batch jobs waiting. */
export const registerGauges = (metrics: Metrics, ports: SurveyorPorts): void => {
  metrics.readQueueFrom(() => ports.queue.stats(new Date()));
  metrics.gaugeFrom(
    'surveyor_sources',
    'Sources by project and discovery state',
    ['project_module', 'discovery_state'],
    async () =>
      (await ports.sources.countsByState()).map((r) => ({
        labels: { project_module: r.projectModule, discovery_state: r.state },
        value: r.count,
      })),
  );
  metrics.gaugeFrom(
    'surveyor_executions',
    'Executions by project and state',
    ['project_module', 'state'],
    async () =>
      (await ports.executionFigures.countsByState()).map((r) => ({
        labels: { project_module: r.projectModule, state: r.state },
        value: r.count,
      })),
  );
  const alertFigures = perScrape(() => ports.deliveries.figures(new Date()));
  metrics.gaugeFrom(
    'surveyor_alert_deliveries',
    'Alert deliveries by channel kind and state (pending, delivered, failed)',
    ['channel_kind', 'state'],
    async () =>
      (await alertFigures()).deliveries.map((r) => ({
        labels: { channel_kind: r.channelKind, state: r.state },
        value: r.count,
      })),
  );
  metrics.gaugeFrom(
    'surveyor_alert_delivery_latency_seconds',
    'Latency of the last attempt of alert deliveries that ended in the last hour, by channel kind (quantile 0.5 and 0.95)',
    ['channel_kind', 'quantile'],
    async () =>
      (await alertFigures()).latency.flatMap((r) => [
        { labels: { channel_kind: r.channelKind, quantile: '0.5' }, value: r.p50 },
        { labels: { channel_kind: r.channelKind, quantile: '0.95' }, value: r.p95 },
      ]),
  );
  metrics.gaugeFrom(
    'surveyor_alert_rules_firing',
    'Enabled alert rules that fired inside their cooldown, by rule kind',
    ['rule_kind'],
    async () =>
      (await alertFigures()).firing.map((r) => ({ labels: { rule_kind: r.ruleKind }, value: r.count })),
  );
  const usage = perScrape(() => ports.usage.totals());
  for (const [unit, pick] of [
    ['node', (r: { nodeSeconds: number }) => r.nodeSeconds],
    ['cpu', (r: { cpuSeconds: number }) => r.cpuSeconds],
  ] as const)
    metrics.counterFrom(
      `surveyor_usage_${unit}_seconds_total`,
      `${unit === 'node' ? 'Node' : 'CPU'}-seconds used by ended attempts on their backends, by project, profile and outcome (${unit === 'node' ? 'sacct, a DALiuGE session, or an estimate' : 'as sacct reports them; DALiuGE reports none'})`,
      ['project_module', 'profile', 'outcome'],
      async () =>
        (await usage()).map((r) => ({
          labels: { project_module: r.projectModule, profile: r.profileName, outcome: r.outcome },
          value: pick(r as { nodeSeconds: number; cpuSeconds: number }),
        })),
    );
  metrics.counterFrom(
    'surveyor_runs_ended_total',
    'Attempts that ran on a backend and ended, by project, profile and outcome (completed, failed, cancelled)',
    ['project_module', 'profile', 'outcome'],
    async () =>
      (await usage()).map((r) => ({
        labels: { project_module: r.projectModule, profile: r.profileName, outcome: r.outcome },
        value: r.attempts,
      })),
  );
  // Seconds from ten seconds to a day: a mock run to a survey's longest job.
  const bounds = [10, 60, 300, 900, 1800, 3600, 7200, 14400, 28800, 86400];
  const histograms = perScrape(() => ports.usage.durationHistograms(bounds));
  for (const [field, name, help] of [
    [
      'run',
      'surveyor_run_duration_seconds',
      'How long ended attempts ran on their backends, by backend kind',
    ],
    [
      'queue',
      'surveyor_run_queue_wait_seconds',
      "How long ended attempts waited in the cluster's queue before they ran (0 on an island manager), by backend kind",
    ],
  ] as const)
    metrics.histogramFrom(name, help, ['backend'], bounds, async () =>
      (await histograms())
        .filter((h) => h.field === field)
        .map((h) => ({ labels: { backend: h.backend }, counts: h.counts, count: h.count, sum: h.sum })),
    );
  const queueWaits = perScrape(() => ports.executionFigures.remoteQueueWaits(new Date()));
  metrics.gaugeFrom(
    'surveyor_executions_in_remote_queue',
    'Batch jobs submitted and not started yet (waiting in the cluster queue), by project',
    ['project_module'],
    async () =>
      (await queueWaits()).map((r) => ({ labels: { project_module: r.projectModule }, value: r.waiting })),
  );
  metrics.gaugeFrom(
    'surveyor_executions_remote_queue_longest_wait_seconds',
    'The longest wait so far of a batch job not started yet, by project',
    ['project_module'],
    async () =>
      (await queueWaits()).map((r) => ({
        labels: { project_module: r.projectModule },
        value: r.longestSeconds,
      })),
  );
};
