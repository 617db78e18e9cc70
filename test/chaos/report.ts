// The chaos run's verdict and its printed report.
import type { ChaosClient } from './client.js';
import type { Counts } from './count.js';
import { type FaultKind, faultKinds } from './faults.js';
import type { ScanHit } from './secretsScan.js';

export interface Fault {
  readonly kind: FaultKind;
  readonly what: string;
  readonly happened: boolean;
}

/**
 * The run passes only when it proved something: every fault happened, every execution ended, the
 * counts found every completed attempt on the real systems, and nothing was lost, submitted twice,
 * left stuck or leaked, with the scan able to see into every place it looked.
 */
export const passed = (
  c: Counts | null,
  faults: readonly Fault[],
  hits: readonly ScanHit[],
  blind: readonly string[],
): boolean =>
  c !== null &&
  faults.length > 0 &&
  faults.every((f) => f.happened) &&
  c.executions > 0 &&
  c.ended === c.executions &&
  lost(c) === 0 &&
  c.twice.length === 0 &&
  c.survey.sources > 0 &&
  c.survey.neverRun.length + c.survey.twice.length === 0 &&
  c.stuckLeases + c.stuckClaims === 0 &&
  c.statementTimeouts === 0 &&
  c.unaccounted.length === 0 &&
  hits.length === 0 &&
  blind.length === 0;

export const lost = (c: Counts) => c.missing.length + c.stranded.length + c.orphaned.length;

export const report = (
  title: string,
  c: Counts | null,
  injected: readonly Fault[],
  s: { hits: readonly ScanHit[]; blind: readonly string[]; secrets: number; places: number; answers: number },
  client: ChaosClient | null,
) => {
  const line = (label: string, value: string | number, note = '') =>
    process.stdout.write(`  ${label.padEnd(34)} ${String(value).padStart(6)}  ${note}\n`);
  process.stdout.write(`\n${title}: ${injected.length} faults\n`);
  for (const kind of faultKinds) {
    const fs = injected.filter((f) => f.kind === kind);
    line(
      `fault ${kind}`,
      fs.filter((f) => f.happened).length,
      fs.some((f) => !f.happened) ? 'NOT ALL INJECTED' : '',
    );
  }
  if (c) {
    const states = Object.entries(c.states)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    line('executions', c.executions);
    line('ended', c.ended, `(${states})`);
    line(
      'lost',
      lost(c),
      `(missing ${c.missing.length}, stranded ${c.stranded.length}, orphaned remote work ${c.orphaned.length})`,
    );
    line('submitted twice', c.twice.length, '(Slurm jobs per attempt name; deploys per DIM session)');
    line(
      'survey sources run twice or never',
      c.survey.twice.length + c.survey.neverRun.length,
      `(of ${c.survey.sources} automation grouped on the facility: twice ${c.survey.twice.length}, never ${c.survey.neverRun.length})`,
    );
    line('leases stuck', c.stuckLeases, `(and discovery claims stuck: ${c.stuckClaims})`);
    line(
      'statements timed out',
      c.statementTimeouts,
      '(statement_timeout or a read timeout, in any process)',
    );
    line('unsettled', c.unsettled, '(ended, remote end never confirmed: a retry settles them first)');
    line(
      'found remotely',
      c.found.slurm + c.found.daliuge,
      `(Slurm jobs ${c.found.slurm}, DIM sessions deployed ${c.found.daliuge}; completed but not found: ${c.unaccounted.length})`,
    );
    for (const x of [
      ...c.missing,
      ...c.stranded,
      ...c.orphaned,
      ...c.twice,
      ...c.unaccounted,
      ...c.survey.neverRun,
      ...c.survey.twice,
    ])
      process.stdout.write(`    ${x}\n`);
    for (const [why, n] of Object.entries(c.failures)) process.stdout.write(`    failed ×${n}: ${why}\n`);
    process.stdout.write('  what the faults did:\n');
    line('  API 503 or none', client?.unavailable ?? 0, '(asked again with the same Idempotency-Key)');
    for (const [what, n] of Object.entries(c.effects)) line(`  ${what}`, n);
  } else process.stdout.write('  the run did not get as far as counting (see above)\n');
  line(
    'secrets found',
    s.hits.length,
    `(${s.secrets} secret values in ${s.places} places, ${s.answers} API answers)`,
  );
  for (const h of s.hits) process.stdout.write(`    ${h.secret} in ${h.where} (${h.count}×)\n`);
  for (const b of s.blind) process.stdout.write(`    the scan could not see into ${b}\n`);
};
