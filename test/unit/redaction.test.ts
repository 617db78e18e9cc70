import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { REDACTED, redact, redactString, SecretRegistry } from '../../core/redaction.js';
import { loadConfig } from '../../hosts/shared/loadConfig.js';
import { registerSecrets } from '../../hosts/shared/secrets.js';

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

test('PEM keys, bearer tokens, JWTs and URL passwords are hidden inside strings', (t) => {
  const pem =
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
  const s = redactString(
    `key ${pem} auth Bearer abc.def.ghi url postgres://u:s3cret@h:5432/db jwt eyJhbGciOiJIUzI1.eyJzdWIiOiIx.c2lnbmF0dXJl`,
  );
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
    }),
    secrets,
  );
  const basic = Buffer.from('astro:casda-pass-0451').toString('base64');
  const out = redactString(`refused casda-pass-0451 (Authorization: Basic ${basic})`, secrets);
  t.false(out.includes('casda-pass-0451'));
  t.false(out.includes(basic));
});
