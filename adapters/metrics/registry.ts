import client from 'prom-client';

/** The process's metrics. Labels are route templates and status codes, never raw paths. */
export class Metrics {
  readonly registry = new client.Registry();
  readonly httpRequests: client.Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  readonly loginFailures: client.Counter<'cause'>;
  readonly dependencyUp: client.Gauge<'dependency'>;

  constructor(role: string) {
    this.registry.setDefaultLabels({ role });
    client.collectDefaultMetrics({ register: this.registry, prefix: 'surveyor_process_' });
    this.httpRequests = new client.Counter({
      name: 'surveyor_http_requests_total',
      help: 'HTTP requests answered, by route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.httpDuration = new client.Histogram({
      name: 'surveyor_http_request_duration_seconds',
      help: 'HTTP request duration, by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.loginFailures = new client.Counter({
      name: 'surveyor_login_failures_total',
      help: 'Failed logins by cause',
      labelNames: ['cause'],
      registers: [this.registry],
    });
    this.dependencyUp = new client.Gauge({
      name: 'surveyor_dependency_up',
      help: '1 when the readiness probe of a dependency passed at its last check, else 0',
      labelNames: ['dependency'],
      registers: [this.registry],
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
