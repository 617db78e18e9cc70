import client from 'prom-client';

/** The process's metrics. Labels are route templates and status codes, never raw paths. */
export class Metrics {
  readonly registry = new client.Registry();
  readonly httpRequests: client.Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  readonly loginFailures: client.Counter<'outcome'>;
  readonly dependencyUp: client.Gauge<'dependency'>;
  readonly tickSeconds: client.Histogram<'tick'>;
  readonly schedulerLeader: client.Gauge;
  /** What the service costs each batch login node: connections, commands by kind, bytes each way. */
  readonly sshConnections: client.Counter<'login_node'>;
  readonly sshCommands: client.Counter<'login_node' | 'command'>;
  readonly sshBytes: client.Counter<'login_node' | 'direction'>;
  /** Every job a worker ran, by kind and how it ended (a poll round's time is kind execution.poll). */
  readonly jobDuration: client.Histogram<'kind' | 'outcome'>;
  /** The steps of a run a worker finished: staging, translation, submission. */
  readonly runStepDuration: client.Histogram<'step'>;
  private queueSource:
    | (() => Promise<{ queued: number; running: number; dead: number; oldestQueuedAgeSeconds: number }>)
    | undefined;

  /** `version`: the running release, as `surveyor_build_info` says it (dashboards follow a rolling upgrade by it). */
  constructor(role: string, version = 'unknown') {
    this.registry.setDefaultLabels({ role });
    // The standard names (process_*, nodejs_*), which dashboards look for. Three of prom-client's
    // gauges end in _total, a suffix Prometheus keeps for counters; each only sums the per-type
    // gauge beside it (nodejs_active_handles{type}), so they are left out.
    client.collectDefaultMetrics({ register: this.registry });
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      this.registry.removeSingleMetric(name);
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
    this.sshConnections = new client.Counter({
      name: 'surveyor_ssh_connections_total',
      help: 'SSH connections opened to each batch login node (user@host:port)',
      labelNames: ['login_node'],
      registers: [this.registry],
    });
    this.sshCommands = new client.Counter({
      name: 'surveyor_ssh_commands_total',
      help: 'Commands run on each batch login node, by kind: poll (one squeue, and sacct for ended jobs), submit (sbatch), stage, find (squeue and sacct by name), cancel (scancel), ping',
      labelNames: ['login_node', 'command'],
      registers: [this.registry],
    });
    this.sshBytes = new client.Counter({
      name: 'surveyor_ssh_bytes_total',
      help: 'Bytes of commands sent to (sent) and of answers read from (received) each batch login node',
      labelNames: ['login_node', 'direction'],
      registers: [this.registry],
    });
    // They name login nodes and accounts: for readers, as families by project are.
    for (const name of [
      'surveyor_ssh_connections_total',
      'surveyor_ssh_commands_total',
      'surveyor_ssh_bytes_total',
    ])
      this.forReaders.add(name);
    this.loginFailures = new client.Counter({
      name: 'surveyor_login_failures_total',
      help: 'Failed logins: invalid_credentials (whatever the cause) or rate_limited',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    this.dependencyUp = new client.Gauge({
      name: 'surveyor_dependency_up',
      help: '1 when the readiness probe of a dependency passed at its last check, else 0',
      labelNames: ['dependency'],
      registers: [this.registry],
      // Summed over a process group: down when any process saw it down.
      aggregator: 'min',
    });
    this.tickSeconds = new client.Histogram({
      name: 'surveyor_scheduler_tick_duration_seconds',
      help: 'Duration of scheduler ticks, by tick',
      labelNames: ['tick'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
      registers: [this.registry],
    });
    this.jobDuration = new client.Histogram({
      name: 'surveyor_job_duration_seconds',
      help: 'Duration of the jobs this worker ran, by job kind and outcome (succeeded, failed, deferred, lost)',
      labelNames: ['kind', 'outcome'],
      buckets: [0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers: [this.registry],
    });
    this.runStepDuration = new client.Histogram({
      name: 'surveyor_run_step_duration_seconds',
      help: 'Duration of the run steps this worker finished, by step (stage, translate, submit)',
      labelNames: ['step'],
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 14400],
      registers: [this.registry],
    });
    new client.Gauge({
      name: 'surveyor_build_info',
      help: 'Always 1: the release this process runs (version) on which Node.js',
      labelNames: ['version', 'node'],
      // A group's processes run one release: one sample, not their sum.
      aggregator: 'max',
      registers: [this.registry],
    }).set({ version, node: process.version }, 1);
    this.schedulerLeader = new client.Gauge({
      name: 'surveyor_scheduler_leader',
      help: '1 while this process holds the scheduler leader lock',
      registers: [this.registry],
    });
    const self = this;
    const jobs = new client.Gauge({
      name: 'surveyor_queue_jobs',
      help: 'Jobs in the queue by state (queued, running, dead)',
      labelNames: ['state'],
      registers: [this.registry],
      aggregator: 'first',
      async collect() {
        const s = await self.queueSource?.();
        if (!s) return;
        jobs.set({ state: 'queued' }, s.queued);
        jobs.set({ state: 'running' }, s.running);
        jobs.set({ state: 'dead' }, s.dead);
      },
    });
    const oldest = new client.Gauge({
      name: 'surveyor_queue_oldest_queued_age_seconds',
      help: 'Age of the oldest job waiting to be claimed',
      registers: [this.registry],
      aggregator: 'first',
      async collect() {
        const s = await self.queueSource?.();
        if (s) oldest.set(s.oldestQueuedAgeSeconds);
      },
    });
  }

  /**
   * Families whose labels name a project, a profile or a login node (usage, counts by project, the
   * load on login nodes): what a project does is for its readers, not for whoever can reach the
   * API's port (`renderPublic`).
   */
  private readonly forReaders = new Set<string>();
  private noteLabels(name: string, labelNames: readonly string[]): void {
    if (labelNames.includes('project_module') || labelNames.includes('profile')) this.forReaders.add(name);
  }

  /** Adds a gauge read at scrape time (source counts, execution counts). */
  gaugeFrom(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<readonly { labels: Record<string, string>; value: number }[]>,
  ): void {
    this.noteLabels(name, labelNames);
    const g = new client.Gauge({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      // Every process of a group reads the same database: one answer, not their sum.
      aggregator: 'first',
      async collect() {
        g.reset();
        for (const r of await read()) g.set(r.labels, r.value);
      },
    });
  }

  /**
   * Adds a counter read at scrape time from a total the database keeps (it only grows: rows are
   * added, never removed), so every process reports the same figure.
   */
  counterFrom(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<readonly { labels: Record<string, string>; value: number }[]>,
  ): void {
    this.noteLabels(name, labelNames);
    const c = new client.Counter({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      aggregator: 'first',
      async collect() {
        c.reset();
        for (const r of await read()) c.inc(r.labels, r.value);
      },
    });
  }

  /**
   * Adds a histogram read at scrape time from figures the database keeps (buckets that only grow),
   * so every process reports the same histogram: `counts[i]` observations at most `bounds[i]`.
   */
  histogramFrom(
    name: string,
    help: string,
    labelNames: readonly string[],
    bounds: readonly number[],
    read: () => Promise<
      readonly { labels: Record<string, string>; counts: readonly number[]; count: number; sum: number }[]
    >,
  ): void {
    this.noteLabels(name, labelNames);
    const collect = async () => ({
      name,
      help,
      type: 'histogram' as const,
      aggregator: 'first' as const,
      values: (await read()).flatMap((h) => [
        ...bounds.map((b, i) => ({
          metricName: `${name}_bucket`,
          labels: { ...h.labels, le: b },
          value: h.counts[i] ?? 0,
        })),
        { metricName: `${name}_bucket`, labels: { ...h.labels, le: '+Inf' }, value: h.count },
        { metricName: `${name}_sum`, labels: h.labels, value: h.sum },
        { metricName: `${name}_count`, labels: h.labels, value: h.count },
      ]),
    });
    // prom-client renders any registered object with a name and get(): this one reads the database.
    this.registry.registerMetric({
      name,
      help,
      type: 'histogram',
      aggregator: 'first',
      get: collect,
      reset: () => {},
    } as unknown as client.Metric);
  }

  /** Where the queue gauges read from at scrape time (the process's JobQueue). */
  readQueueFrom(
    source: () => Promise<{ queued: number; running: number; dead: number; oldestQueuedAgeSeconds: number }>,
  ): void {
    this.queueSource = source;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private renderGroup: (() => Promise<string>) | undefined;

  /**
   * Makes this process one of a group (SERVICE_API_PROCESSES, SERVICE_WORKER_PROCESSES): it answers
   * the group's first process with its metrics, and `render` gives the group's, which `ask`
   * fetches from that first process (this process's own when it does not answer).
   */
  joinGroup(ask: () => Promise<string>): void {
    client.AggregatorRegistry.setRegistries([this.registry]);
    // Constructing one installs the listener that answers the first process's requests.
    new client.AggregatorRegistry();
    this.renderGroup = ask;
  }

  render(): Promise<string> {
    return this.renderGroup
      ? this.renderGroup().catch(() => this.registry.metrics())
      : this.registry.metrics();
  }

  /**
   * The metrics without the families that name projects or profiles: what the API's port tells a
   * caller without a token. Families are cut from the text exposition (`# HELP` opens one), so a
   * group's summed text is cut the same way.
   */
  async renderPublic(): Promise<string> {
    const out: string[] = [];
    let keep = true;
    for (const line of (await this.render()).split('\n')) {
      const opens = /^# (?:HELP|TYPE) (\S+)/.exec(line);
      if (opens) keep = !this.forReaders.has(opens[1]!);
      if (keep) out.push(line);
    }
    return out.join('\n');
  }
}
