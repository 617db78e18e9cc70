// TLS to PostgreSQL as production asks for it across hosts (sslmode=verify-full): a CA made here
// signs a real PostgreSQL server's certificate; the service's database handle connects over TLS
// when it trusts that CA and names the server as its certificate does, and is refused with
// another CA or another name. (loadConfig's rule that production demands it: unit/config.)
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { closeDb, openDb } from '../../adapters/postgres/db.js';
import { openEmbedded } from '../../adapters/postgres/embedded.js';
import { freePort } from '../support/ports.js';

const openssl = (dir: string, ...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA, and a server certificate for 127.0.0.1 that it signs; another CA that signs nothing. */
const makeCerts = (dir: string) => {
  for (const ca of ['ca', 'other-ca'])
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${ca}.key`,
      '-out',
      `${ca}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=surveyor test ${ca}`,
    );
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  // PostgreSQL wants its key readable by its own user only (as root, the server runs as postgres).
  chmodSync(join(dir, 'server.key'), 0o600);
  chmodSync(join(dir, 'server.pem'), 0o644);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(join(dir, 'server.key'), uid, -1);
  }
};

test('verify-full connects over TLS to the server its CA signed, and refuses another CA or another name', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-db-tls-'));
  chmodSync(dir, 0o755); // the server's user reaches its certificate and data here
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  makeCerts(dir);
  const pg = await openEmbedded({
    dataDir: join(dir, 'data'),
    port: await freePort(),
    tls: { certFile: join(dir, 'server.pem'), keyFile: join(dir, 'server.key') },
  });
  t.teardown(() => pg.release());
  const url = (host: string, ca: string) => {
    const u = new URL(pg.url);
    u.hostname = host;
    u.searchParams.set('sslmode', 'verify-full');
    u.searchParams.set('sslrootcert', join(dir, ca));
    return u.toString();
  };
  const ask = async (u: string) => {
    const db = openDb(u, 1, { connectMs: 5000, statementMs: 5000 });
    try {
      return await db.one<{ ssl: boolean; version: string }>(
        'SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
      );
    } finally {
      await closeDb(db);
    }
  };
  const ok = await ask(url('127.0.0.1', 'ca.pem'));
  t.true(ok.ssl);
  t.regex(ok.version, /^TLSv1\.[23]$/);
  const foreign = await t.throwsAsync(ask(url('127.0.0.1', 'other-ca.pem')));
  t.regex(foreign.message, /self[- ]signed|unable to (get|verify)|certificate/i);
  const renamed = await t.throwsAsync(ask(url('localhost', 'ca.pem')));
  t.regex(renamed.message, /does not match|altnames|localhost/i);
});
