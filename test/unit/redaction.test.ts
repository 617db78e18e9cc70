// Redaction: secret keys at any depth, keys, tokens and URL passwords inside strings, registered
// secret values, errors; redactedJson the same text as redacting first (a property test).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import fc from 'fast-check';
import { parse } from 'yaml';
import {
  isSecretKey,
  REDACTED,
  redact,
  redactedJson,
  redactString,
  SecretRegistry,
  userDocument,
} from '../../core/redaction.js';
import { loadConfig } from '../../hosts/composition/loadConfig.js';
import { registerSecrets } from '../../hosts/composition/secrets.js';

test('values under secret-looking keys are hidden, at any depth', (t) => {
  const out = redact({
    username: 'a',
    password: 'hunter2',
    nested: { refresh_token: 'abc', list: [{ private_key: 'k', ok: 1 }] },
    access_token_ttl_seconds: 900,
  });
  t.deepEqual(out, {
    username: 'a',
    password: REDACTED,
    nested: { refresh_token: REDACTED, list: [{ private_key: REDACTED, ok: 1 }] },
    access_token_ttl_seconds: 900,
  });
});

/** Every key of a parsed YAML document, at any depth. */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(keysOf)
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)])
      : [];

test("a secret key is a secret's name as a word, never part of a word: users' field names stay as they are", (t) => {
  const examples = ['wallaby_hires.project.yaml', 'wallaby_hires.testbed.project.yaml'].flatMap((f) =>
    keysOf(parse(readFileSync(new URL(`../../../schema/examples/${f}`, import.meta.url), 'utf8'))),
  );
  t.true(examples.includes('hipass_source_name'));
  const astronomy = [
    'hipass_source_name',
    'HIPASS',
    'bandpass',
    'bandpass_solution',
    'passband',
    'bypass',
    'compass',
    'tokenizer',
    'secretary',
    'highpass_filter',
    'lowPassCutoff',
    'low_pass',
    'band_pass',
    'multipass',
    'passes',
  ];
  for (const k of [...new Set(examples), ...astronomy])
    t.false(isSecretKey(k), `${k} is not a secret's name`);
  // What our own secrets are called, and the shapes of such names users' tools write.
  for (const k of [
    'password',
    'smtp_password',
    'dbpassword',
    'passwordFile',
    'smtp-passwd',
    'passphrase',
    'BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE',
    'secret',
    'signing_secret',
    'jwtSecret',
    'SERVICE_JWT_SECRET',
    'token',
    'refresh_token',
    'accessToken',
    'authorization',
    'Authorization',
    'cookie',
    'set-cookie',
    'x-api-key',
    'apiKey',
    'private_key',
    'privateKey',
    'credentials',
    'pwfile',
  ])
    t.true(isSecretKey(k), `${k} names a secret`);
});

test("a user's document keeps its keys; its values are still checked for secrets", (t) => {
  const secrets = new SecretRegistry();
  secrets.add('registered-value-123');
  const config = {
    transforms: { hipass_source_name: { kind: 'strip_prefix' } },
    password: 'registered-value-123',
  };
  const out = redact({ version: 1, config: userDocument(config), password: 'x' }, secrets);
  t.deepEqual(out, {
    version: 1,
    config: { transforms: { hipass_source_name: { kind: 'strip_prefix' } }, password: REDACTED },
    password: REDACTED,
  });
  t.is(redactedJson({ config: userDocument({ token: 'ab' }) }, secrets), '{"config":{"token":"ab"}}');
  t.is(redactedJson({ config: { token: 'ab' } }, secrets), `{"config":{"token":"${REDACTED}"}}`);
});

test('PEM keys, bearer tokens, JWTs, API tokens and URL passwords are hidden inside strings', (t) => {
  const pem =
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
  const s = redactString(
    `key ${pem} auth Bearer abc.def.ghi url postgres://u:s3cret@h:5432/db jwt eyJhbGciOiJIUzI1.eyJzdWIiOiIx.c2lnbmF0dXJl api SURVEYOR_TOKEN=svy_0123456789abcdef0123456789abcdef_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde`,
  );
  t.false(s.includes('AbCdEfGhIjKlMnOpQrStUvWxYz'), 'an API token, by its prefix');
  t.false(s.includes('b3BlbnNzaC1rZXktdjEAAAAA'));
  t.false(s.includes('abc.def.ghi'));
  t.false(s.includes('s3cret'));
  t.false(s.includes('eyJzdWIiOiIx'));
  t.true(s.includes('postgres://u:[redacted]@h'));
});

test('registered secret values are hidden wherever they appear', (t) => {
  const secrets = new SecretRegistry();
  secrets.add('my-archive-password');
  secrets.add('abc'); // too short to register: would hide ordinary text
  const out = redact({ message: 'login with my-archive-password failed', note: 'abc' }, secrets);
  t.is(out.message, `login with ${REDACTED} failed`);
  t.is(out.note, 'abc');
});

test('errors keep their name and message, redacted', (t) => {
  const secrets = new SecretRegistry();
  secrets.add('topsecretvalue');
  const out = redact({ err: new Error('failed with topsecretvalue') }, secrets) as unknown as {
    err: { name: string; message: string };
  };
  t.is(out.err.name, 'Error');
  t.is(out.err.message, `failed with ${REDACTED}`);
});

test("the archive password file's value, and its HTTP Basic form, are registered as secrets", (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-redact-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'archive-password');
  writeFileSync(file, 'casda-pass-0451\n', { mode: 0o600 });
  const secrets = new SecretRegistry();
  registerSecrets(
    loadConfig({
      SERVICE_JWT_SECRET: 'unit-test-secret-0123456789abcdef',
      ARCHIVE_USERNAME: 'astro',
      ARCHIVE_PASSWORD_FILE: file,
      ARCHIVE_CREDENTIAL_ORIGINS: 'https://casda.csiro.au',
    }),
    secrets,
  );
  const basic = Buffer.from('astro:casda-pass-0451').toString('base64');
  const out = redactString(`refused casda-pass-0451 (Authorization: Basic ${basic})`, secrets);
  t.false(out.includes('casda-pass-0451'));
  t.false(out.includes(basic));
});

// Strings and keys drawn so that every branch of redaction is hit often: anchors of each pattern,
// registered values (one of them written by JSON with escapes), secret-looking keys.
const secretValues = ['my-archive-password', 'q"uote\\d-secret'];
const pieces = fc.constantFrom(
  'HIPASS J1234',
  'Bearer abc.def.ghi',
  'basic',
  'postgres://u:s3cret@h/db',
  'https://archive.example.org/links?ID=scan-1',
  'Bearer\tabc.def',
  'eyJhbGciOiJIUzI1.eyJzdWIiOiIx.c2lnbmF0dXJl',
  'svy_0123456789abcdef0123456789abcdef_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
  '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----',
  ...secretValues,
  'q"uote',
  '\u0000',
  '\ud83d',
);
const text = fc.oneof(
  fc.string(),
  fc.array(fc.oneof(pieces, fc.string()), { maxLength: 3 }).map((a) => a.join('')),
);
const key = fc.oneof(
  fc.constantFrom('password', 'api_key', 'x_token', 'name', 'note', 'secretive'),
  fc.string(),
);
const body = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    text.map((m) => new Error(m)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

test('redactedJson is JSON.stringify(redact(value)), for any value and any registered secrets', (t) => {
  fc.assert(
    fc.property(body, fc.subarray(secretValues), (value, registered) => {
      const secrets = new SecretRegistry();
      for (const s of registered) secrets.add(s);
      return redactedJson(value, secrets) === JSON.stringify(redact(value, secrets));
    }),
    { numRuns: 3000 },
  );
  t.pass();
});

test('a "__proto__" key in a value is copied as a key, not made the copy\'s prototype', (t) => {
  const value = JSON.parse('{"__proto__": {"password": "hunter2"}, "a": 1}') as object;
  const out = redact(value, new SecretRegistry()) as Record<string, unknown>;
  t.is(Object.getPrototypeOf(out), Object.prototype);
  t.is(JSON.stringify(out), `{"__proto__":{"password":"${REDACTED}"},"a":1}`);
});

test('redactedJson hides what redact hides: a secret key, a pattern, a registered value', (t) => {
  const secrets = new SecretRegistry();
  secrets.add('my-archive-password');
  const out = redactedJson(
    { items: [{ name: 'a', password: 'hunter2' }], note: 'Bearer abc.def.ghi', why: 'my-archive-password' },
    secrets,
  );
  t.is(
    out,
    `{"items":[{"name":"a","password":"${REDACTED}"}],"note":"Bearer ${REDACTED}","why":"${REDACTED}"}`,
  );
  const plain = { items: [{ name: 'HIPASS J1234', created_at: new Date(0) }] };
  t.is(redactedJson(plain, secrets), JSON.stringify(plain));
});
