import type { SurveyorPorts } from '../../core/app/ports.js';
import type { Metrics } from '../../adapters/metrics/registry.js';

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
      (await ports.executions.countsByState()).map((r) => ({
        labels: { project_module: r.projectModule, state: r.state },
        value: r.count,
      })),
  );
  const queueWaits = () => ports.executions.remoteQueueWaits(new Date());
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
