// The chaos suite's own parts that decide its verdict: the verdict itself, the secrets scan, its
// blind-spot check, the key-file secrets, and the seeded order of faults.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { type Counts, noCounts, statementTimeouts } from '../chaos/count.js';
import { faultKinds, seeded } from '../chaos/faults.js';
import { type Fault, passed } from '../chaos/report.js';
import { blindSpots, keyFileSecrets, type ScanHit, scan } from '../chaos/secretsScan.js';

test('the scan names where each secret occurs and how often, never the value', (t) => {
  const hits = scan(
    [
      { name: 'jwt', value: 's3cr3t-value' },
      { name: 'password', value: 'hunter2-long' },
    ],
    new Map([
      ['logs', 'a s3cr3t-value b s3cr3t-value'],
      ['table users', 'nothing here'],
      ['API answers', '{"x":"hunter2-long"}'],
    ]),
  );
  t.deepEqual(hits, [
    { where: 'logs', secret: 'jwt', count: 2 },
    { where: 'API answers', secret: 'password', count: 1 },
  ]);
  t.false(JSON.stringify(hits).includes('s3cr3t-value'));
});

test('a place where a value known to be there is missing is a blind spot', (t) => {
  const corpus = new Map([
    ['process logs', 'worker started'],
    ['table users', ''],
  ]);
  t.deepEqual(
    blindSpots(
      [
        { where: 'process logs', value: 'worker started' },
        { where: 'table users', value: 'chaos-op' },
        { where: 'API answers', value: 'wallaby_hires' },
      ],
      corpus,
    ),
    ['table users (no "chaos-op")', 'API answers (no "wallaby_hires")'],
  );
});

test('a private key file gives each line of its body as a secret, not its armour', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-chaos-key-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const body = ['b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'QyNTUxOQ=='];
  writeFileSync(
    join(dir, 'id'),
    `-----BEGIN OPENSSH PRIVATE KEY-----\n${body.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
  );
  // The short last line would match by chance; only lines long enough to be the key's own count.
  t.deepEqual(
    keyFileSecrets('key', join(dir, 'id')).map((s) => s.value),
    [body[0]],
  );
});

test('a seed replays the same order of faults; another seed gives another', (t) => {
  const order = (seed: number) => seeded(seed).shuffle(faultKinds).join(',');
  t.is(order(42), order(42));
  t.deepEqual([...order(42).split(',')].sort(), [...faultKinds].sort());
  t.not(order(42), order(43));
  const r = seeded(1);
  for (let i = 0; i < 100; i++) {
    const v = r.between(3, 5);
    t.true(v >= 3 && v <= 5);
  }
});

const clean: Counts = {
  ...noCounts(3),
  ended: 3,
  states: { completed: 3 },
  found: { slurm: 2, daliuge: 1 },
  survey: { sources: 3, neverRun: [], twice: [] },
};
const faults: Fault[] = faultKinds.map((kind) => ({ kind, what: kind, happened: true }));

test('the verdict passes a clean run and fails on anything lost, doubled, stuck, leaked or unproven', (t) => {
  t.true(passed(clean, faults, [], []));
  const bad: [string, Counts | null, Fault[], ScanHit[], string[]][] = [
    ['no counts', null, faults, [], []],
    ['no faults', clean, [], [], []],
    ['a fault that did not happen', clean, [{ ...faults[0]!, happened: false }], [], []],
    ['no executions', { ...clean, executions: 0, ended: 0 }, faults, [], []],
    ['one not ended', { ...clean, ended: 2, stranded: ['x (running)'] }, faults, [], []],
    ['one missing', { ...clean, missing: ['x'] }, faults, [], []],
    ['orphaned remote work', { ...clean, orphaned: ['x'] }, faults, [], []],
    ['submitted twice', { ...clean, twice: ['x'] }, faults, [], []],
    ['a stuck lease', { ...clean, stuckLeases: 1 }, faults, [], []],
    ['a stuck claim', { ...clean, stuckClaims: 1 }, faults, [], []],
    ['a statement timed out', { ...clean, statementTimeouts: 1 }, faults, [], []],
    ['no survey sources', { ...clean, survey: { sources: 0, neverRun: [], twice: [] } }, faults, [], []],
    ['a survey source never run', { ...clean, survey: { ...clean.survey, neverRun: ['x'] } }, faults, [], []],
    ['a survey source run twice', { ...clean, survey: { ...clean.survey, twice: ['x'] } }, faults, [], []],
    ['a completed run not found remotely', { ...clean, unaccounted: ['x'] }, faults, [], []],
    ['a secret found', clean, faults, [{ where: 'logs', secret: 'jwt', count: 1 }], []],
    ['a place the scan could not see', clean, faults, [], ['table users']],
  ];
  for (const [why, c, f, hits, blind] of bad) t.false(passed(c, f, hits, blind), why);
});

test('statement timeouts are counted from what the processes logged, from either side', (t) => {
  t.is(statementTimeouts('{"msg":"ok"}\n'), 0);
  t.is(
    statementTimeouts(
      '{"err":"canceling statement due to statement timeout"}\n{"err":"Query read timeout"}\n',
    ),
    2,
  );
});
