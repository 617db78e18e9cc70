// known_hosts as OpenSSH reads it: bracketed entries for other ports, plain for 22, hashed and
// revoked entries.
import test from 'ava';
import { hostPattern, parseKnownHosts, verifyHostKey } from '../../adapters/slurm/knownHosts.js';

const key = 'AAAAC3NzaC1lZDI1NTE5AAAAIAW/AvzGZmFrZWtleWZha2VrZXlmYWtla2V5ZmFr';
const blob = Buffer.from(key, 'base64');

test('known_hosts: bracketed for other ports, plain for 22, hashed and revoked entries', (t) => {
  t.is(hostPattern('Login.Example', 22), 'login.example');
  t.is(hostPattern('127.0.0.1', 2222), '[127.0.0.1]:2222');
  const kh = parseKnownHosts(
    [
      '# comment',
      `[127.0.0.1]:2222 ssh-ed25519 ${key}`,
      `login.example,10.0.0.1 ssh-ed25519 ${key} comment`,
      `|1|c2FsdA==|aGFzaA== ssh-ed25519 ${key}`,
      'garbage',
    ].join('\n'),
  );
  t.deepEqual(kh.malformed, [5]);
  t.true(kh.entries[2]!.hashed);
  t.true(verifyHostKey(kh, '127.0.0.1', 2222, blob).ok);
  t.true(verifyHostKey(kh, '10.0.0.1', 22, blob).ok);
  const wrongPort = verifyHostKey(kh, '127.0.0.1', 22, blob);
  t.false(wrongPort.ok);
  t.regex((wrongPort as { reason: string }).reason, /no plain entry for 127\.0\.0\.1/);
  const other = verifyHostKey(kh, 'login.example', 22, Buffer.from('other key'));
  t.regex((other as { reason: string }).reason, /matches none of the 1 known_hosts entry/);
  const revoked = parseKnownHosts(`@revoked * ssh-ed25519 ${key}\nlogin.example ssh-ed25519 ${key}\n`);
  t.regex((verifyHostKey(revoked, 'login.example', 22, blob) as { reason: string }).reason, /@revoked/);
});
