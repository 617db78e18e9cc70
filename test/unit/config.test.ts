// The environment's decoding: documented defaults, each bad variable named, and what production
// refuses (a weak JWT secret, inline keys, mock parts, the embedded or a plaintext remote database).
import test, { type ExecutionContext } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { configVariables, decodeConfig } from '../../schema/environment.js';
import { ConfigError, loadConfig } from '../../hosts/composition/loadConfig.js';

test('an empty environment decodes to the documented defaults', (t) => {
  const r = decodeConfig({});
  if (E.isLeft(r)) return t.fail(JSON.stringify(r.left));
  t.is(r.right.SERVICE_ENV, 'development');
  t.is(r.right.SERVICE_PORT, 8080);
  t.is(r.right.SERVICE_METRICS_PORT, 9090);
  t.false(r.right.SERVICE_USE_REAL_BACKENDS);
  t.true(r.right.SERVICE_WORKER_SCHEDULER_ENABLED);
  t.is(r.right.DATABASE_URL, undefined);
});

test('every bad value is reported with the name of its variable', (t) => {
  const r = decodeConfig({
    SERVICE_PORT: 'eighty',
    SERVICE_ENV: 'staging',
    SERVICE_USE_REAL_BACKENDS: 'maybe',
    DATABASE_URL: 'mysql://x',
    SERVICE_DB_POOL_MAX: '0',
  });
  if (E.isRight(r)) return t.fail('expected problems');
  const vars = r.left.map((p) => p.variable).sort();
  t.deepEqual(vars, [
    'DATABASE_URL',
    'SERVICE_DB_POOL_MAX',
    'SERVICE_ENV',
    'SERVICE_PORT',
    'SERVICE_USE_REAL_BACKENDS',
  ]);
  t.true(r.left.every((p) => p.message.length > 0));
});

test('booleans accept the usual spellings', (t) => {
  for (const [raw, want] of [
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['off', false],
  ] as const) {
    const r = decodeConfig({ SERVICE_USE_REAL_BACKENDS: raw });
    t.true(E.isRight(r) && r.right.SERVICE_USE_REAL_BACKENDS === want, raw);
  }
});

test('production requires a JWT secret of at least 32 bytes and refuses inline SSH keys', (t) => {
  const missing = t.throws(() => loadConfig({ SERVICE_ENV: 'production' }), { instanceOf: ConfigError });
  t.regex(missing!.message, /SERVICE_JWT_SECRET: is required/);
  const short = t.throws(() => loadConfig({ SERVICE_ENV: 'production', SERVICE_JWT_SECRET: 'x'.repeat(31) }));
  t.regex(short!.message, /at least 32 bytes/);
  const inline = t.throws(() =>
    loadConfig({ SERVICE_ENV: 'production', SERVICE_JWT_SECRET: 'x'.repeat(32), BATCH_SSH_PRIVATE_KEY: 'k' }),
  );
  t.regex(inline!.message, /BATCH_SSH_PRIVATE_KEY/);
  t.notThrows(() =>
    loadConfig({
      SERVICE_ENV: 'production',
      SERVICE_JWT_SECRET: 'x'.repeat(32),
      SERVICE_USE_REAL_BACKENDS: 'true',
      DATABASE_URL:
        'postgres://app:pw@db.example.org/surveyor?sslmode=verify-full&sslrootcert=/etc/surveyor/db-ca.pem',
      SERVICE_OUTBOUND_HOSTS: 'dim.example.org, *.pawsey.org.au',
    }),
  );
  t.notThrows(() => loadConfig({ SERVICE_ENV: 'development', BATCH_SSH_PRIVATE_KEY: 'k' }));
});

test('production never runs a mock part: it requires real backends and refuses SERVICE_MOCK_PARTS', (t) => {
  const prod = {
    SERVICE_ENV: 'production',
    SERVICE_JWT_SECRET: 'x'.repeat(32),
    DATABASE_URL: 'postgres://app:pw@db.example.org/surveyor',
  };
  const mock = t.throws(() => loadConfig(prod), { instanceOf: ConfigError });
  t.regex(mock!.message, /SERVICE_USE_REAL_BACKENDS: must be true in production/);
  const parts = t.throws(
    () => loadConfig({ ...prod, SERVICE_USE_REAL_BACKENDS: 'true', SERVICE_MOCK_PARTS: 'archive,stager' }),
    { instanceOf: ConfigError },
  );
  t.regex(
    parts!.message,
    /SERVICE_MOCK_PARTS: must be empty in production \(it keeps archive, stager mock\)/,
  );
  const dev = loadConfig({ SERVICE_USE_REAL_BACKENDS: 'true', SERVICE_MOCK_PARTS: ' archive , stager' });
  t.deepEqual(dev.SERVICE_MOCK_PARTS, ['archive', 'stager']);
  t.deepEqual(loadConfig({}).SERVICE_MOCK_PARTS, []);
  const bad = decodeConfig({ SERVICE_MOCK_PARTS: 'archive,database' });
  t.true(E.isLeft(bad) && /unknown part database/.test(bad.left[0]!.message));
});

test('every variable has documentation and a default', (t) => {
  for (const [name, v] of Object.entries(configVariables)) {
    t.true(v.doc.length > 10, name);
    t.true(v.default.length > 0, name);
  }
});

test('production requires DATABASE_URL: the embedded PostgreSQL is for development', (t) => {
  const e = t.throws(
    () =>
      loadConfig({
        SERVICE_ENV: 'production',
        SERVICE_JWT_SECRET: 'x'.repeat(32),
        SERVICE_USE_REAL_BACKENDS: 'true',
      }),
    { instanceOf: ConfigError },
  );
  t.regex(e!.message, /DATABASE_URL: is required in production/);
});

test('production refuses a database on another host without verified TLS, unless told to allow it', (t) => {
  const prod = {
    SERVICE_ENV: 'production',
    SERVICE_JWT_SECRET: 'x'.repeat(32),
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_OUTBOUND_HOSTS: 'dim.example.org',
  };
  const with_ =
    (DATABASE_URL: string, extra: Record<string, string> = {}) =>
    () =>
      loadConfig({ ...prod, DATABASE_URL, ...extra });
  for (const url of [
    'postgres://surveyor:pw@db.example.org/surveyor',
    'postgres://surveyor:pw@10.0.0.5:5432/surveyor?sslmode=require',
    'postgres://surveyor:pw@db.example.org/surveyor?sslmode=verify-ca',
  ]) {
    const e = t.throws(with_(url), { instanceOf: ConfigError }, url);
    t.regex(
      e!.message,
      /DATABASE_URL: names \S+, not this machine, without verified TLS: add sslmode=verify-full/,
    );
    t.false(e!.message.includes(':pw@'), 'the password is not repeated');
  }
  // Verified TLS, this machine, or the operator's explicit word: accepted.
  t.notThrows(
    with_('postgres://surveyor:pw@db.example.org/surveyor?sslmode=verify-full&sslrootcert=/etc/ca.pem'),
  );
  t.notThrows(with_('postgres://surveyor:pw@127.0.0.1:5432/surveyor'));
  t.notThrows(with_('postgres://surveyor:pw@localhost/surveyor'));
  t.notThrows(
    with_('postgres://surveyor:pw@db.example.org/surveyor', { SERVICE_DB_ALLOW_PLAINTEXT: 'true' }),
  );
  // Development is not held to it.
  t.notThrows(() => loadConfig({ DATABASE_URL: 'postgres://surveyor:pw@db.example.org/surveyor' }));
});

test('the plaintext check judges the host and sslmode pg resolves, not the text of the URL', (t) => {
  const prod = {
    SERVICE_ENV: 'production',
    SERVICE_JWT_SECRET: 'x'.repeat(32),
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_OUTBOUND_HOSTS: 'dim.example.org',
  };
  for (const [url, host] of [
    ['postgres://surveyor:pw@127.0.0.1/surveyor?host=db.example.org', 'db.example.org'],
    ['postgres://surveyor:pw@db.example.org/surveyor?sslmode=verify-full&sslmode=disable', 'db.example.org'],
    ['postgres://surveyor:pw@127.db.example.org/surveyor', '127.db.example.org'],
    ['postgres://surveyor:pw@localhost/surveyor?host=10.0.0.5', '10.0.0.5'],
  ] as const) {
    const e = t.throws(() => loadConfig({ ...prod, DATABASE_URL: url }), { instanceOf: ConfigError }, url);
    t.regex(
      e!.message,
      new RegExp(`DATABASE_URL: names ${host.replace(/\./g, '\\.')}, not this machine`),
      url,
    );
  }
  // pg falls back to PGHOST when the URL names no host.
  const fallback = t.throws(() =>
    loadConfig({ ...prod, DATABASE_URL: 'postgres:///surveyor', PGHOST: 'db.example.org' }),
  );
  t.regex(fallback!.message, /names db\.example\.org/);
  for (const url of [
    'postgres://surveyor:pw@[::1]/surveyor',
    'postgres://surveyor:pw@127.0.0.2:5433/surveyor',
    'postgres:///surveyor?host=/var/run/postgresql',
    'postgres://surveyor:pw@db.example.org/surveyor?sslmode=disable&sslmode=verify-full&sslrootcert=/nowhere/ca.pem',
  ])
    t.notThrows(() => loadConfig({ ...prod, DATABASE_URL: url }), url);
});

test('the archive account needs the origins an admin lets it go to', (t) => {
  const e = t.throws(() => loadConfig({ ARCHIVE_USERNAME: 'astro', ARCHIVE_PASSWORD_FILE: '/x' }), {
    instanceOf: ConfigError,
  });
  t.regex(e!.message, /ARCHIVE_CREDENTIAL_ORIGINS: is required with ARCHIVE_USERNAME/);
  const c = loadConfig({
    ARCHIVE_USERNAME: 'astro',
    ARCHIVE_PASSWORD_FILE: '/x',
    ARCHIVE_CREDENTIAL_ORIGINS: 'https://CASDA.csiro.au:443/, https://data.csiro.au, http://127.0.0.1:8089',
  });
  t.deepEqual(c.ARCHIVE_CREDENTIAL_ORIGINS, [
    'https://casda.csiro.au',
    'https://data.csiro.au',
    'http://127.0.0.1:8089',
  ]);
  refused(t, 'ARCHIVE_CREDENTIAL_ORIGINS', [
    'casda.csiro.au',
    'https://u:p@casda.csiro.au',
    'https://casda.csiro.au/tap',
    'ftp://x.org',
  ]);
});

/** Each value of `variable` is refused, by its name, and the message never repeats a password. */
const refused = (t: ExecutionContext, variable: string, values: readonly string[]) => {
  for (const bad of values) {
    const r = decodeConfig({ [variable]: bad });
    t.true(E.isLeft(r) && r.left[0]!.variable === variable, bad);
    if (E.isLeft(r)) t.false(/:p@|:pw@|\bpw\b/.test(r.left[0]!.message), 'no password repeated');
  }
};

test('SERVICE_PUBLIC_URL is written as URL parsing writes it, without credentials, query or fragment', (t) => {
  const c = loadConfig({ SERVICE_PUBLIC_URL: 'https://Surveyor.Example.org/a b>c/' });
  t.is(c.SERVICE_PUBLIC_URL, 'https://surveyor.example.org/a%20b%3Ec');
  refused(t, 'SERVICE_PUBLIC_URL', [
    'https://user:pw@surveyor.example.org',
    'https://surveyor.example.org/#x',
    'https://surveyor.example.org/?a=1',
    'ftp://surveyor.example.org',
    'not a url',
  ]);
});

test('traces go only where the outbound policy allows, and never to a URL with credentials or a query', (t) => {
  const refused = (env: Record<string, string>) => {
    const err = t.throws(() => loadConfig(env), { instanceOf: ConfigError }) as ConfigError;
    return err.problems.map((p) => `${p.variable}: ${p.message}`).join('\n');
  };
  t.is(loadConfig({}).SERVICE_OTLP_TRACES_URL, undefined, 'off unless set');
  t.regex(
    refused({ SERVICE_OTLP_TRACES_URL: 'http://127.0.0.1:4318/v1/traces' }),
    /SERVICE_OTLP_TRACES_URL: 127\.0\.0\.1 is a loopback.*SERVICE_OUTBOUND_ALLOW_PRIVATE/,
  );
  t.regex(
    refused({
      SERVICE_OTLP_TRACES_URL: 'https://otel.elsewhere.example/v1/traces',
      SERVICE_OUTBOUND_HOSTS: 'collector.example.org:4318',
    }),
    /otel\.elsewhere\.example is not in SERVICE_OUTBOUND_HOSTS/,
  );
  t.is(
    loadConfig({
      SERVICE_OTLP_TRACES_URL: 'http://collector.example.org:4318/v1/traces',
      SERVICE_OUTBOUND_HOSTS: 'collector.example.org:4318',
    }).SERVICE_OTLP_TRACES_URL,
    'http://collector.example.org:4318/v1/traces',
  );
  t.regex(refused({ SERVICE_OTLP_TRACES_URL: 'https://u:p@collector.example.org/v1/traces' }), /credentials/);
  t.regex(refused({ SERVICE_OTLP_TRACES_URL: 'https://collector.example.org/v1/traces?key=1' }), /query/);
});
