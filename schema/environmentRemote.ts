import { httpUrl, int, nameList, optionalString, originList, spec } from './envCodecs.js';

/** The variables of the systems surveyor reaches: graphs, the translator, island managers, Slurm over SSH, staging and archives. */
export const remoteVariables = {
  SERVICE_GRAPH_DIR: spec(
    optionalString,
    '(SERVICE_DATA_DIR/graphs)',
    "Directory where a project's `graph.path` is resolved; a path may not leave it.",
  ),
  SERVICE_PATCHABLE_FIELDS: spec(
    nameList,
    '(num_of_copies, num_of_splits, num_of_iter, execution_time, data_volume, greet)',
    "Graph node fields an operator's graph patches may set, comma-separated (an admin may patch any). The default is parallelism and sizes: never code such as func_code or command.",
  ),
  SERVICE_MAX_GRAPH_BYTES: spec(
    int(64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    '67108864',
    'Largest logical graph a worker loads (file or URL).',
  ),
  SERVICE_TRANSLATOR_URL: spec(
    httpUrl('http://127.0.0.1:8084'),
    'http://127.0.0.1:8084',
    "Real backends: the DALiuGE translator used when a profile's translation has no tm_url.",
  ),
  SERVICE_TRANSLATOR_TIMEOUT_SECONDS: spec(
    int(300, 1, 3600),
    '300',
    'Real backends: longest wait for one translator request (partitioning a large graph takes a while).',
  ),
  SERVICE_DIM_TIMEOUT_SECONDS: spec(
    int(60, 1, 3600),
    '60',
    'Real backends: longest wait for one island manager request (create, append, deploy, status, cancel).',
  ),
  SERVICE_BATCH_SSH_TIMEOUT_SECONDS: spec(
    int(20, 1, 600),
    '20',
    'Real backends: longest wait to open an SSH connection to a login node (handshake and login).',
  ),
  SERVICE_BATCH_COMMAND_TIMEOUT_SECONDS: spec(
    int(120, 1, 3600),
    '120',
    'Real backends: longest wait for one command on a login node (sbatch, one poll round, scancel).',
  ),
  SERVICE_BATCH_SSH_IDLE_SECONDS: spec(
    int(120, 1, 86400),
    '120',
    'Real backends: an SSH connection to a login node unused for this long is closed (one per login node, port and user).',
  ),
  SERVICE_STAGING_DIR: spec(
    optionalString,
    '(SERVICE_DATA_DIR/staging)',
    'Real staging: where downloaded files go, a folder per execution and source in it; it must be a filesystem the backend reads.',
  ),
  SERVICE_STAGING_MAX_FILE_BYTES: spec(
    int(512 * 1024 ** 3, 1024, 2 ** 50),
    '549755813888',
    'Real staging: largest file downloaded (512 GiB); a larger one fails the execution before it is fetched.',
  ),
  SERVICE_STAGING_MIN_FREE_BYTES: spec(
    int(1024 ** 3, 0, 2 ** 50),
    '1073741824',
    'Real staging: disk space that must stay free after a download; checked before each one.',
  ),
  SERVICE_STAGING_PARALLEL_DOWNLOADS: spec(
    int(4, 1, 64),
    '4',
    'Real staging: downloads one worker process runs at once.',
  ),
  SERVICE_STAGING_DATASETS_PER_JOB: spec(
    int(1000, 1, 1000),
    '1000',
    "Real staging: datasets of a run asked for in one archive job (1: a job per dataset); the archive's cost is per job.",
  ),
  SERVICE_STAGING_OPEN_JOBS: spec(
    int(4, 1, 64),
    '4',
    'Real staging: archive jobs one worker process keeps open at once (made, not yet ended); the rest wait in order.',
  ),
  SERVICE_STAGING_IDLE_TIMEOUT_SECONDS: spec(
    int(120, 1, 3600),
    '120',
    'Real staging: a download that receives nothing for this long is cut (and resumed later).',
  ),
  SERVICE_STAGING_JOB_TIMEOUT_SECONDS: spec(
    int(6 * 3600, 10, 7 * 86400),
    '21600',
    "Real staging: longest wait for the archive to prepare a dataset's files (its async job).",
  ),
  SERVICE_ARCHIVE_REQUEST_TIMEOUT_SECONDS: spec(
    int(60, 1, 3600),
    '60',
    'Real staging: longest wait for one archive request (datalink, job, checksum; the headers of a download).',
  ),
  SERVICE_ARCHIVE_UWS_WAIT_SECONDS: spec(
    int(60, 0, 600),
    '60',
    "Archive jobs (TAP async queries, staging's SODA jobs): longest a UWS 1.1 blocking read (WAIT) waits for a job's phase to change, where the server's job document says UWS 1.1; other servers are polled. 0 polls only.",
  ),
  SERVICE_OUTAGE_WAIT_MINUTES: spec(
    int(360, 0, 10080),
    '360',
    "A run whose archive (staging), translator (translating), island manager or login node (submitting) still does not answer after the job's retries waits this long for it (its job given back, no attempt spent; `execution.waiting_on_outage`), then fails; 0 fails it at once.",
  ),
  SERVICE_OUTAGE_RECHECK_SECONDS: spec(
    int(300, 1, 3600),
    '300',
    'How often a run waiting through an outage looks again.',
  ),
} as const;

/** Where the archive account's and the SSH credentials come from (never their values in the table). */
export const credentialVariables = {
  ARCHIVE_USERNAME: spec(
    optionalString,
    '(unset)',
    'Archive (CASDA/OPAL) account for archives with `auth: archive_credentials`; sent (HTTP Basic) only to the origins of ARCHIVE_CREDENTIAL_ORIGINS.',
  ),
  ARCHIVE_CREDENTIAL_ORIGINS: spec(
    originList,
    '(unset; required with ARCHIVE_USERNAME)',
    "Where the archive account may be sent, comma-separated origins (`https://casda.csiro.au,https://data.csiro.au`): an admin's decision, whatever a project configuration's archive URL or origins say. A request to any other origin goes without it.",
  ),
  ARCHIVE_PASSWORD_FILE: spec(
    optionalString,
    '(unset)',
    "Path of a file holding that account's password (read when needed; never logged or stored).",
  ),
  BATCH_SSH_PRIVATE_KEY_FILE: spec(
    optionalString,
    '(unset)',
    'Path of the SSH private key for batch login nodes.',
  ),
  BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE: spec(
    optionalString,
    '(unset)',
    "Path of a file holding that key's passphrase.",
  ),
  BATCH_SSH_KNOWN_HOSTS_SOURCE: spec(
    optionalString,
    '(unset)',
    'Path of the known_hosts file that login-node host keys are checked against.',
  ),
  BATCH_SSH_PRIVATE_KEY: spec(
    optionalString,
    '(unset)',
    'Inline PEM key: development only, refused in production.',
  ),
} as const;
