// The execution state machine: the paths a run takes, terminal states, every state reachable and able
// to end, core/README.md documenting every transition, and the event each move appends.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import {
  allowedTriggers,
  executionStates,
  nextState,
  phaseOf,
  terminalStates,
  transitionRules,
  transition,
} from '../../core/domain/execution.js';

test('a full run, a dry run, a failure and a cancel follow the rules', (t) => {
  const walk = (...triggers: Parameters<typeof nextState>[1][]) =>
    triggers.reduce<string | null>((s, tr) => (s === null ? null : nextState(s as never, tr)), 'pending');
  t.is(
    walk('gates_passed', 'run_started', 'staged', 'translated', 'submitted', 'backend_finished'),
    'completed',
  );
  t.is(walk('gates_passed', 'staging_skipped', 'dry_run_finished'), 'completed');
  t.is(walk('gates_passed', 'run_started', 'staged', 'translated', 'submitted', 'backend_failed'), 'failed');
  t.is(
    walk(
      'gates_passed',
      'run_started',
      'staged',
      'translated',
      'submitted',
      'cancel_requested',
      'backend_cancelled',
    ),
    'cancelled',
  );
  t.is(walk('gates_passed', 'cancel_requested'), 'cancelled');
  t.is(walk('gates_passed', 'run_started', 'failed', 'retry_requested'), 'pending');
});

test('terminal states allow nothing but a retry, and a completed execution not even that', (t) => {
  t.deepEqual(allowedTriggers('completed'), []);
  t.deepEqual(allowedTriggers('failed'), ['retry_requested']);
  t.deepEqual(allowedTriggers('cancelled'), ['retry_requested']);
  t.is(nextState('running', 'gates_passed'), null);
  t.is(
    nextState('running', 'cancel_requested'),
    'cancelling',
    'a submitted run is cancelled through the backend',
  );
  t.is(nextState('cancelling', 'cancel_requested'), null);
});

test('every state is reachable from pending and every non-terminal state can end', (t) => {
  const reach = new Set<string>(['pending']);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of transitionRules)
      if (r.from.some((f) => reach.has(f)) && !reach.has(r.to)) {
        reach.add(r.to);
        changed = true;
      }
  }
  t.deepEqual([...reach].sort(), [...executionStates].sort());
  for (const s of executionStates) if (!terminalStates.has(s)) t.true(allowedTriggers(s).length > 0, s);
  t.is(phaseOf('running'), 'poll');
  t.is(phaseOf('failed'), 'terminal');
});

test('core/README.md documents every transition', (t) => {
  const readme = readFileSync(fileURLToPath(new URL('../../../core/README.md', import.meta.url)), 'utf8');
  for (const r of transitionRules)
    t.true(
      readme.includes(`| ${r.from.join(', ')} | \`${r.on}\` | ${r.to} |`),
      `${r.from.join(', ')} --${r.on}--> ${r.to}`,
    );
});

test('every transition names the event its move appends, and a move returns it with the state', (t) => {
  for (const r of transitionRules)
    t.regex(r.event, /^execution\.[a-z_]+$/, `${r.on} from ${r.from.join(',')}`);
  t.deepEqual(transition('pending', 'gates_passed'), { state: 'queued', kind: 'execution.queued' });
  t.deepEqual(transition('running', 'cancel_requested'), {
    state: 'cancelling',
    kind: 'execution.cancel_requested',
  });
  t.deepEqual(transition('queued', 'cancel_requested'), { state: 'cancelled', kind: 'execution.cancelled' });
  t.throws(() => transition('completed', 'submitted'), {
    message: 'no transition from completed on submitted',
  });
});
