// Logs: readable lines and JSON lines with secrets redacted in both, the format chosen by the
// terminal, and ticks logged at debug, info or warn by what they did.
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { createLogger } from '../../adapters/log/logger.js';
import { SecretRegistry } from '../../core/redaction.js';
import type { Tick } from '../../core/ports/Tick.js';
import { Scheduler } from '../../hosts/worker/scheduler.js';

const loggerModule = fileURLToPath(new URL('../../adapters/log/logger.js', import.meta.url));
const redactionModule = fileURLToPath(new URL('../../core/redaction.js', import.meta.url));

/** What a process writes to standard output when it logs one line with a secret in it. */
const logged = (format: string): string => {
  const script = `
    const { createLogger } = await import(${JSON.stringify(loggerModule)});
    const { SecretRegistry } = await import(${JSON.stringify(redactionModule)});
    const secrets = new SecretRegistry();
    secrets.add('hunter2-secret-value');
    createLogger('info', secrets, undefined, ${JSON.stringify(format)})
      .info({ password: 'hunter2-secret-value', executionId: 'e-1' }, 'login with hunter2-secret-value');`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
};

test('pretty logs are readable lines, and secrets are redacted in them as in JSON', (t) => {
  const out = logged('pretty');
  t.regex(out, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO/m);
  t.regex(out, /login with \[redacted\]/);
  t.regex(out, /executionId: "e-1"/);
  t.false(out.includes('hunter2-secret-value'));
  t.throws(() => JSON.parse(out));
});

test('json logs are one object per line; auto is JSON when standard output is not a terminal', (t) => {
  for (const format of ['json', 'auto']) {
    const line = JSON.parse(logged(format)) as Record<string, unknown>;
    t.is(line.level, 'info');
    t.is(line.msg, 'login with [redacted]');
    t.false(JSON.stringify(line).includes('hunter2-secret-value'));
  }
});

test('a tick that found nothing logs at debug, one that did something at info, and its warnings at warn', async (t) => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write: (chunk, _e, cb) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  const oneRound = async (found: number) => {
    const tick: Tick = {
      name: 'execution',
      everySeconds: 0,
      run: async () => ({
        counts: { created: found },
        warnings: found === 0 ? ['automation is blocked'] : [],
      }),
    };
    const scheduler = new Scheduler(
      { tryAcquire: async () => true, release: async () => {} },
      [tick],
      { now: () => new Date() },
      createLogger('debug', new SecretRegistry(), sink),
      { tickSeconds: () => {}, leader: () => {} },
      3600,
    );
    scheduler.start(); // runs one round at once; stop waits for it
    await scheduler.stop();
  };
  await oneRound(0);
  await oneRound(2);
  const ticks = lines.filter((l) => l.msg === 'tick').map((l) => [l.level, l.created]);
  t.deepEqual(ticks, [
    ['debug', 0],
    ['info', 2],
  ]);
  t.deepEqual(
    lines.filter((l) => l.level === 'warn').map((l) => [l.tick, l.msg]),
    [['execution', 'automation is blocked']],
  );
});
