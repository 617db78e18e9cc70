import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import {
  bool,
  fromEnv,
  hostList,
  httpUrl,
  int,
  oneOf,
  optionalHttpUrl,
  optionalString,
  partList,
  postgresUrl,
  processCount,
  spec,
} from './envCodecs.js';

export { type PartName, partNames } from './envCodecs.js';
import { credentialVariables, remoteVariables } from './environmentRemote.js';
import { identityVariables } from './environmentIdentity.js';

/**
 * Every environment variable surveyor reads, decoded by one io-ts codec at start. The table is also
 * the documentation: docs/configuration.md's variable table is checked against it by a test. The variables of
 * the systems surveyor reaches (graphs, translator, island managers, Slurm, archives) and their
 * credentials are in environmentRemote.ts.
 */

export const configVariables = {
  DATABASE_URL: spec(
    postgresUrl,
    '(unset: embedded PostgreSQL)',
    'PostgreSQL server to use. Unset: `surveyor start` runs an embedded PostgreSQL in SERVICE_DATA_DIR.',
  ),
  SERVICE_ENV: spec(
    oneOf(['development', 'production'] as const, 'development'),
    'development',
    '`production` turns on the startup security gates and refuses development fallbacks.',
  ),
  SERVICE_USE_REAL_BACKENDS: spec(
    bool(false),
    'false',
    'Use the real parts instead of the mock ones: the DALiuGE translator, island managers over REST (rest_remote), Slurm over SSH (batch_remote), TAP archives for discovery and CASDA-style staging (datalink, async SODA, downloads). Production requires it.',
  ),
  SERVICE_MOCK_PARTS: spec(
    partList,
    '(none)',
    'Development only: parts kept mock although SERVICE_USE_REAL_BACKENDS is true, as a comma-separated list of translator, backends, archive, stager (e.g. `archive,stager` to deploy for real on mock data). Refused in production.',
  ),
  SERVICE_WORKER_SCHEDULER_ENABLED: spec(
    bool(true),
    'true',
    'Whether this process may run the recurring scheduler ticks (leader-elected among those that may).',
  ),
  SERVICE_JWT_SECRET: spec(
    optionalString,
    '(development: generated once into SERVICE_DATA_DIR)',
    'Signing secret for access tokens. Production requires at least 32 bytes. Must stay stable across restarts.',
  ),
  SERVICE_HOST: spec(
    fromEnv<string>('string', (s) => s, '127.0.0.1'),
    '127.0.0.1',
    'Address the HTTP API listens on (0.0.0.0 in containers).',
  ),
  SERVICE_PORT: spec(int(8080, 0, 65535), '8080', 'Port of the HTTP API (0 picks a free port).'),
  SERVICE_PUBLIC_URL: spec(
    httpUrl('http://127.0.0.1:8080'),
    'http://127.0.0.1:8080',
    "The service's address as its users reach it. Provenance documents name every record with a URI under it, so set it once and keep it.",
  ),
  SERVICE_METRICS_PORT: spec(
    int(9090, -1, 65535),
    '9090',
    'Separate port serving /metrics for API and worker processes; -1 turns it off, 0 picks a free port.',
  ),
  SERVICE_OTLP_TRACES_URL: spec(
    optionalHttpUrl,
    '(unset: no traces)',
    "OTLP/HTTP endpoint that receives the service's OpenTelemetry traces (e.g. `http://collector:4318/v1/traces`): one trace per execution, from the API request through the queue, the worker's steps and every outbound call. Its host must be one SERVICE_OUTBOUND_HOSTS allows. Unset: nothing is traced or sent.",
  ),
  SERVICE_DATA_DIR: spec(
    fromEnv<string>('string', (s) => s, '.surveyor'),
    '.surveyor',
    'Directory for the embedded PostgreSQL cluster and the generated development JWT secret.',
  ),
  SERVICE_EMBEDDED_PG_PORT: spec(
    int(5488, 1024, 65535),
    '5488',
    'Port of the embedded PostgreSQL (loopback only).',
  ),
  SERVICE_DB_POOL_MAX: spec(int(10, 1, 200), '10', 'Connections per process in the database pool.'),
  SERVICE_DB_ALLOW_PLAINTEXT: spec(
    bool(false),
    'false',
    'Production: allow a DATABASE_URL on another host without TLS. Without it, such a URL must say sslmode=verify-full (with sslrootcert=<the CA file>), so the link is encrypted and the server proven. Set it only for a link you trust end to end.',
  ),
  SERVICE_DB_CONNECT_TIMEOUT_SECONDS: spec(
    int(10, 1, 600),
    '10',
    'Longest wait for a new database connection; the request or job fails (and is retried) after it.',
  ),
  SERVICE_DB_STATEMENT_TIMEOUT_SECONDS: spec(
    int(60, 0, 86400),
    '60',
    'Longest a database statement may run before PostgreSQL cancels it (0: no limit); a transaction left idle that long is ended too (at least a minute). `surveyor migrate` runs without it.',
  ),
  SERVICE_LOG_LEVEL: spec(
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    'info',
    'Log level of the logs on standard output; ticks that found nothing to do log at debug.',
  ),
  SERVICE_LOG_FORMAT: spec(
    oneOf(['auto', 'json', 'pretty'] as const, 'auto'),
    'auto',
    'Form of the logs on standard output: `json` (one object per line, for collectors), `pretty` (readable lines), or `auto`: readable lines when standard output is a terminal, JSON otherwise.',
  ),
  SERVICE_ACCESS_TOKEN_TTL_SECONDS: spec(int(900, 30, 86400), '900', 'Lifetime of an access token.'),
  SERVICE_REFRESH_TOKEN_TTL_SECONDS: spec(
    int(1209600, 300, 31536000),
    '1209600',
    'Lifetime of a login: refresh tokens rotate within it.',
  ),
  SERVICE_API_TOKEN_MAX_DAYS: spec(
    int(365, 0, 3650),
    '365',
    'The longest an API token (`surveyor token create`, POST /auth/tokens) may live, in days. 0 turns API tokens off: none can be made, and those made before are refused.',
  ),
  SERVICE_LOGIN_WINDOW_SECONDS: spec(
    int(900, 1, 86400),
    '900',
    'Sliding window over which login attempts are counted, per username and per client address (a success gives its attempt back). It moves in tenths: an attempt counts for the window and at most a tenth more.',
  ),
  SERVICE_LOGIN_MAX_FAILURES_PER_USERNAME: spec(
    int(5, 1, 10000),
    '5',
    'Failed logins for one username in a window before 429.',
  ),
  SERVICE_LOGIN_MAX_FAILURES_PER_ADDRESS: spec(
    int(20, 1, 100000),
    '20',
    'Failed logins from one client address in a window before 429.',
  ),
  SERVICE_PASSWORD_HASH_CONCURRENCY: spec(
    int(2, 1, 64),
    '2',
    'Password checks (argon2) one process runs at once; more wait their turn, so a burst of logins cannot starve the process.',
  ),
  SERVICE_TRUST_PROXY: spec(
    bool(false),
    'false',
    "Take the client address from X-Forwarded-For's rightmost entry, the one your proxy appends (only behind one proxy you run).",
  ),
  SERVICE_MAX_JSON_BODY_BYTES: spec(
    int(1048576, 1024, 67108864),
    '1048576',
    'Largest JSON request body accepted (413 above).',
  ),
  SERVICE_MAX_YAML_BODY_BYTES: spec(
    int(262144, 1024, 16777216),
    '262144',
    'Largest YAML request body accepted (413 above).',
  ),
  SERVICE_WORKER_HEARTBEAT_SECONDS: spec(
    int(10, 1, 3600),
    '10',
    'How often a worker records that it is alive.',
  ),
  SERVICE_WORKER_STALE_SECONDS: spec(
    int(30, 2, 86400),
    '30',
    'A worker silent for longer is not counted as live by /ready.',
  ),
  SERVICE_SHUTDOWN_GRACE_SECONDS: spec(
    int(30, 1, 3600),
    '30',
    'How long a stopping process waits for work in hand before it exits.',
  ),
  SERVICE_API_PROCESSES: spec(
    processCount(64),
    '1',
    'HTTP API processes sharing SERVICE_PORT (`surveyor api` and `surveyor start`): a number, or `auto` for one per core. More than one: a first process starts them, restarts one that dies, serves the summed metrics of all, and stops them on SIGTERM.',
  ),
  SERVICE_WORKER_PROCESSES: spec(
    processCount(64),
    '1',
    'Worker processes (`surveyor worker` and `surveyor start`), each running SERVICE_WORKER_CONCURRENCY jobs: a number, or `auto` for one per core. The scheduler stays one leader among them all.',
  ),
  SERVICE_WORKER_CONCURRENCY: spec(int(4, 1, 256), '4', 'Jobs one worker process runs at once.'),
  SERVICE_JOB_LEASE_SECONDS: spec(
    int(60, 5, 3600),
    '60',
    'Lease of a claimed job; renewed every third of it. A worker silent for longer loses the job to another.',
  ),
  SERVICE_WORKER_IDLE_POLL_SECONDS: spec(
    int(5, 1, 300),
    '5',
    'An idle worker looks for work at least this often even without a notification.',
  ),
  SERVICE_JOB_RETRY_BASE_SECONDS: spec(
    int(5, 1, 3600),
    '5',
    'First retry delay of a failed job; doubles per attempt (with jitter).',
  ),
  SERVICE_JOB_RETRY_CAP_SECONDS: spec(int(900, 1, 86400), '900', 'Longest retry delay of a failed job.'),
  SERVICE_SCHEDULER_CHECK_SECONDS: spec(
    int(5, 1, 300),
    '5',
    'How often a scheduler-enabled process checks leadership and due ticks; a follower takes over within this time.',
  ),
  SERVICE_EXECUTION_TICK_SECONDS: spec(
    int(5, 1, 3600),
    '5',
    'How often the scheduler admits pending executions, runs execution automation and schedules polls.',
  ),
  SERVICE_REST_POLL_MIN_SECONDS: spec(
    int(10, 1, 3600),
    '10',
    "Least time between two polls of one island manager (a project's poll_interval_seconds may ask for more), also for the rounds submissions and cancels ask for. With mock backends every run is polled this often, whatever the project asks, so a mock run is seen to move, and a submission's round starts at once.",
  ),
  SERVICE_BATCH_POLL_MIN_SECONDS: spec(
    int(30, 1, 3600),
    '30',
    'Least time between two polls of one batch login node and user, also for the rounds submissions and cancels ask for: sites ban accounts that poll too often.',
  ),
  SERVICE_OUTBOUND_HOSTS: spec(
    hostList,
    '(any public host)',
    'Hosts the service may connect to (translators, island managers, graph URLs, archives, alert webhooks, SMTP servers and batch login nodes), comma-separated: names, IP addresses or *.domain, each with its port (`dim.example.org:8001`, `[2001:db8::1]:22`, `host:*` for any); a host alone allows its standard ports only (80 and 443, 22 for SSH, 25, 465 and 587 for SMTP). Required in production. Listing a loopback or private address allows it.',
  ),
  SERVICE_OUTBOUND_ALLOW_PRIVATE: spec(
    bool(false),
    'false',
    'Allow requests to loopback, private and link-local addresses for every allowed host (test beds on this machine); otherwise only hosts listed by name or address reach them.',
  ),
  ...remoteVariables,
  SERVICE_RETENTION_EVENTS_DAYS: spec(
    int(730, 0, 36500),
    '730',
    'Provenance events older than this many days are deleted, except those of an execution still stored (its ledger lists every transition) and the account audit (its own setting below). 0 keeps them forever.',
  ),
  SERVICE_RETENTION_ACCOUNT_EVENTS_DAYS: spec(
    int(1825, 0, 36500),
    '1825',
    'The account audit (accounts made and changed, logins unlocked or held back, and by whom) is deleted after this many days; kept apart from other events, as audits often are kept longer. 0 keeps it forever.',
  ),
  SERVICE_RETENTION_EXECUTIONS_DAYS: spec(
    int(730, 0, 36500),
    '730',
    'Executions that ended more than this many days ago are deleted with their artifacts; one whose remote work is not known to have ended is kept (cancel it to settle it). 0 keeps them forever.',
  ),
  SERVICE_RETENTION_ARTIFACTS_DAYS: spec(
    int(30, 0, 36500),
    '30',
    "Contents of an execution's artifacts (manifest, graphs, staging state) older than this many days are dropped once their attempt is over; the ledger keeps their sha256 and size. 0 keeps them forever.",
  ),
  SERVICE_RETENTION_FINISHED_JOBS_DAYS: spec(
    int(30, 0, 36500),
    '30',
    'Queue jobs that succeeded or were cancelled more than this many days ago are deleted. 0 keeps them forever.',
  ),
  SERVICE_RETENTION_DEAD_JOBS_DAYS: spec(
    int(90, 0, 36500),
    '90',
    'Dead queue jobs (retries used up) older than this many days are deleted. 0 keeps them forever.',
  ),
  SERVICE_RETENTION_CONFIG_VERSIONS: spec(
    int(50, 0, 1_000_000),
    '50',
    'Configuration versions kept per project, newest first; older ones go unless active or pinned by a stored execution. 0 keeps them all.',
  ),
  SERVICE_RETENTION_ALERT_DELIVERIES_DAYS: spec(
    int(90, 0, 36500),
    '90',
    'Alert deliveries ended (delivered or failed) longer ago than this are deleted. 0 keeps them forever.',
  ),
  SERVICE_MAINTENANCE_TICK_SECONDS: spec(
    int(3600, 60, 86400),
    '3600',
    'How often the scheduler prunes what retention no longer keeps (and ended logins, old login counters, silent workers).',
  ),
  SERVICE_ALERT_TICK_SECONDS: spec(
    int(10, 1, 3600),
    '10',
    'How often the scheduler turns recorded events into alert deliveries and evaluates the state rules (pending too long, queue backlog).',
  ),
  SERVICE_ALERT_TIMEOUT_SECONDS: spec(
    int(10, 1, 120),
    '10',
    'How long one alert send (a webhook request, an SMTP exchange) may take before it counts as a timeout and is retried.',
  ),
  SERVICE_SECRETS_KEY: spec(
    optionalString,
    '(derived from the JWT secret)',
    "Key (at least 32 bytes) that seals the secrets of notification channels (webhook URLs and signing secrets, SMTP passwords) in the database. Unset: derived from the JWT signing secret, so changing that secret means entering the channels' secrets again.",
  ),
  SERVICE_MOCK_STEP_MS: spec(
    int(2000, 0, 600_000),
    '2000',
    'Mock backends only: how long a mock session stays in each state (pristine, building, deploying, running); 0 ends it at its first poll (no simulated delay, for benchmarks).',
  ),
  ...credentialVariables,
  ...identityVariables,
} as const;

type Vars = typeof configVariables;
export type Config = { readonly [K in keyof Vars]: t.TypeOf<Vars[K]['codec']> };

export const ConfigCodec = t.type(
  Object.fromEntries(Object.entries(configVariables).map(([k, v]) => [k, v.codec])) as {
    [K in keyof Vars]: Vars[K]['codec'];
  },
  'Config',
);

export interface ConfigProblem {
  readonly variable: string;
  readonly message: string;
}

/** Decodes the environment; problems name the variable and what is wrong with it. */
export const decodeConfig = (
  env: Readonly<Record<string, string | undefined>>,
): E.Either<ConfigProblem[], Config> => {
  const input = Object.fromEntries(Object.keys(configVariables).map((k) => [k, env[k]]));
  const r = ConfigCodec.decode(input);
  if (E.isRight(r)) return E.right(r.right as Config);
  return E.left(
    r.left.map((e) => ({
      variable: e.context[1]?.key ?? '(environment)',
      message: e.message ?? 'is not valid',
    })),
  );
};
