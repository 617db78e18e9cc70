// The lost-node rule (core/domain/lostNodes.ts) and how an island manager's error names the node
// managers that did not answer (adapters/daliuge/dlgErrors.ts), on the bodies DALiuGE 6.6 sent
// when a node manager's host was cut off (the hosts testbed).
import test from 'ava';
import { parseDlgError, unansweringNodes } from '../../adapters/daliuge/dlgErrors.js';
import { judgeUnreachable } from '../../core/domain/lostNodes.js';
import { stepLine } from '../../hosts/cli/commands/client/execWatch.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
const seen = { nodes: ['10.0.0.3:8000'], detail: 'd' };

test('the clock runs from the first silent round, and 0 turns the limit off', (t) => {
  const first = judgeUnreachable(null, seen, 2, at(0));
  t.like(first, { kind: 'noticed', first: true });
  const kept = first.kind === 'noticed' ? first.record : null;
  t.deepEqual(judgeUnreachable(kept, seen, 2, at(1)), { kind: 'unchanged' });
  t.like(judgeUnreachable(kept, seen, 2, at(2)), { kind: 'fail', minutes: 2 });
  t.deepEqual(judgeUnreachable(kept, seen, 0, at(600)), { kind: 'unchanged' });
  t.like(judgeUnreachable(kept, { nodes: ['10.0.0.4:8000', '10.0.0.3:8000'], detail: 'e' }, 2, at(1)), {
    kind: 'noticed',
    first: false,
    record: { nodes: ['10.0.0.3:8000', '10.0.0.4:8000'], since: at(0).toISOString() },
  });
  t.like(judgeUnreachable(kept, undefined, 2, at(1)), { kind: 'recovered', minutes: 1 });
  t.deepEqual(judgeUnreachable(null, undefined, 2, at(1)), { kind: 'unchanged' });
});

test("an island manager's SubManagerException names the node managers that did not answer", (t) => {
  const res = (status: number, body: unknown) => ({ status, text: JSON.stringify(body) });
  // GET /api/sessions with one node manager's host cut off: its connection failed.
  t.deepEqual(
    unansweringNodes(
      parseDlgError(
        res(555, {
          type: 'SubManagerException',
          args: { '198.51.100.19:8000:5555:6666': { type: 'OSError', args: 'dummy' } },
        }),
      ),
    ),
    {
      nodes: ['198.51.100.19:8000'],
      detail: 'HTTP 555 SubManagerException (198.51.100.19:8000:5555:6666: OSError)',
    },
  );
  // A session's status: its own timeout, nested as SubManagerException.
  t.deepEqual(
    unansweringNodes(
      parseDlgError(
        res(555, {
          type: 'SubManagerException',
          args: { '198.51.100.19:8000:5555:6666': { type: 'SubManagerException', args: 'dummy' } },
        }),
      ),
    )?.nodes,
    ['198.51.100.19:8000'],
  );
  // "No such session" from a node is not a node that did not answer; other errors are not about nodes.
  t.is(
    unansweringNodes(
      parseDlgError(
        res(555, {
          type: 'SubManagerException',
          args: { '10.0.0.2:8000:5555:6666': { type: 'NoSessionException', args: ['s1'] } },
        }),
      ),
    ),
    null,
  );
  t.is(unansweringNodes(parseDlgError(res(500, { type: 'InvalidGraphException', args: ['x'] }))), null);
});

test('exec watch prints a node that does not answer as a warning, and its return', (t) => {
  t.is(
    stepLine({
      created_at: '2026-11-26T10:00:00.000Z',
      kind: 'execution.node_unreachable',
      payload: {
        nodes: ['10.0.0.3:8000'],
        message:
          'node manager 10.0.0.3:8000 has not answered the island manager (HTTP 555 SubManagerException)',
        fails_after_minutes: 5,
      },
    }),
    'warning: node manager 10.0.0.3:8000 has not answered the island manager (HTTP 555 SubManagerException); the run fails if it lasts 5 minutes',
  );
  t.is(
    stepLine({ created_at: 'x', kind: 'execution.node_reachable', payload: { after_minutes: 2 } }),
    'the node managers answer again (after 2 minutes)',
  );
});
