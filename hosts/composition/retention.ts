import type { RetentionPolicy } from '../../core/domain/retention.js';
import type { Config } from '../../schema/environment.js';

/** The retention policy the environment sets (the same for the maintenance tick and `surveyor purge`). */
export const retentionPolicy = (c: Config): RetentionPolicy => ({
  eventsDays: c.SERVICE_RETENTION_EVENTS_DAYS,
  accountEventsDays: c.SERVICE_RETENTION_ACCOUNT_EVENTS_DAYS,
  executionsDays: c.SERVICE_RETENTION_EXECUTIONS_DAYS,
  artifactsDays: c.SERVICE_RETENTION_ARTIFACTS_DAYS,
  finishedJobsDays: c.SERVICE_RETENTION_FINISHED_JOBS_DAYS,
  deadJobsDays: c.SERVICE_RETENTION_DEAD_JOBS_DAYS,
  configVersionsKept: c.SERVICE_RETENTION_CONFIG_VERSIONS,
  alertDeliveriesDays: c.SERVICE_RETENTION_ALERT_DELIVERIES_DAYS,
});
