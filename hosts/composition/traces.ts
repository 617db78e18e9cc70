import { hostname } from 'node:os';
import { OutboundRefused } from '../../adapters/shared/outbound.js';
import { startTracing, type Tracing } from '../../adapters/trace/tracing.js';
import type { Config } from '../../schema/environment.js';
import { serviceVersion } from '../../schema/version.js';
import { ConfigError } from './loadConfig.js';

/**
 * Starts sending this process's traces when SERVICE_OTLP_TRACES_URL is set (after the outbound
 * policy is, which the container's building sets): a receiver the policy refuses stops the start
 * with the variable named.
 */
export const startTraces = (config: Config, role: string): Tracing | null => {
  try {
    return startTracing(config.SERVICE_OTLP_TRACES_URL, `surveyor-${role}`, {
      'service.version': serviceVersion,
      'service.instance.id': `${hostname()}:${process.pid}`,
    });
  } catch (err) {
    if (err instanceof OutboundRefused)
      throw new ConfigError([{ variable: 'SERVICE_OTLP_TRACES_URL', message: err.message }]);
    throw err;
  }
};
