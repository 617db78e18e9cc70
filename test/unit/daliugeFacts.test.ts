// What the DALiuGE adapters read from the island manager's answers, on bodies recorded from
// DALiuGE 6.6 (the testbed): roots of a physical graph, per-node states, errored drops, and the
// error JSON that a DIM wraps around its node managers' errors.
import test from 'ava';
import { describeDlgError, hasType, isNoSession, parseDlgError } from '../../adapters/daliuge/dlgErrors.js';
import { exceptionOf } from '../../adapters/daliuge/translatorClient.js';
import { peerText } from '../../adapters/daliuge/http.js';
import {
  dropsOf,
  dropStatesOf,
  erroredDrops,
  nodeStatesOf,
  rootDropOids,
  sessionProgress,
} from '../../adapters/daliuge/sessionFacts.js';

const nm1 = '127.0.0.1:8000:5555:6666';
const nm2 = '127.0.0.1:8010:5565:6676';

test('roots: what nothing feeds, as upstream get_roots computes them', (t) => {
  const graph = [
    { oid: 'app', categoryType: 'Application', outputs: [{ file: 'hello' }] },
    { oid: 'file', categoryType: 'Data', producers: [{ app: 'hello' }] },
    { oid: 'in', categoryType: 'Data', consumers: ['app2'] },
    { oid: 'app2', categoryType: 'Application', inputs: [] },
    { oid: 'orphan', categoryType: 'Data', producers: [] },
    { reprodata: { lg_blockhash: 'x' } },
  ];
  // app2 lists no inputs but `in` consumes into it: fed. `file` has a producer. `app` feeds nothing in.
  t.deepEqual(rootDropOids(graph), ['app', 'in', 'orphan']);
  t.is(dropsOf(graph).length, 5, 'the trailing reproducibility element is not a drop');
});

test('node states: integers per node manager, or not a session at all', (t) => {
  t.deepEqual(
    nodeStatesOf({ [nm1]: 4, [nm2]: 2 }),
    new Map([
      [nm1, 4],
      [nm2, 2],
    ]),
  );
  // A DIM answers this, with HTTP 200, for a session it does not have.
  t.is(nodeStatesOf({ [nm1]: { Status: 'Success' }, [nm2]: { Status: 'Success' } }), null);
  t.is(nodeStatesOf({}), null);
  t.is(nodeStatesOf([1]), null);
  t.deepEqual(nodeStatesOf(3), new Map([['(node manager)', 3]]));
});

test('session progress: nodes without drops stay pristine while the others build', (t) => {
  t.is(
    sessionProgress(
      new Map([
        [nm1, 0],
        [nm2, 0],
      ]),
    ),
    'empty',
  );
  t.is(
    sessionProgress(
      new Map([
        [nm1, 0],
        [nm2, 1],
      ]),
    ),
    'appended',
  );
  t.is(
    sessionProgress(
      new Map([
        [nm1, 4],
        [nm2, 2],
      ]),
    ),
    'deployed',
  );
  t.is(
    sessionProgress(
      new Map([
        [nm1, 4],
        [nm2, 6],
      ]),
    ),
    'deployed',
  );
});

test('errored drops: drop state 3 or application state 3', (t) => {
  const doc = {
    b_app: { execStatus: 3, status: 3 },
    a_file: { status: 3 },
    c_ok: { status: 2 },
    d_cancelled: { status: 6, execStatus: 4 },
  };
  t.deepEqual(erroredDrops(doc), ['a_file', 'b_app']);
  t.deepEqual(erroredDrops(null), []);
});

test('errors: nested types under SubManagerException decide, not the status', (t) => {
  const exists = parseDlgError({
    status: 555,
    text: JSON.stringify({
      type: 'SubManagerException',
      args: {
        [nm1]: { type: 'SessionAlreadyExistsException', args: 'dummy' },
        [nm2]: { type: 'SessionAlreadyExistsException', args: 'dummy' },
      },
    }),
  });
  t.true(hasType(exists, 'SessionAlreadyExistsException'));
  t.false(isNoSession(exists));
  const none = parseDlgError({
    status: 555,
    text: JSON.stringify({
      type: 'SubManagerException',
      args: { [nm1]: { type: 'NoSessionException', args: 'x' } },
    }),
  });
  t.true(isNoSession(none));
  t.regex(
    describeDlgError(none),
    /HTTP 555 SubManagerException \(127\.0\.0\.1:8000:5555:6666: NoSessionException: x\)/,
  );
  // The exception's own words, as DALiuGE 6.6's island manager answered a deploy it refused;
  // its "dummy" placeholder says nothing and is left out.
  t.is(
    describeDlgError(
      parseDlgError({
        status: 555,
        text: '{"type": "DaliugeException", "args": ["UIDs for completed drops not found: {\'\'}"]}',
      }),
    ),
    "HTTP 555 DaliugeException: UIDs for completed drops not found: {''}",
  );
  t.is(
    describeDlgError(exists),
    `HTTP 555 SubManagerException (${nm1}: SessionAlreadyExistsException, ${nm2}: SessionAlreadyExistsException)`,
  );
  t.true(isNoSession(parseDlgError({ status: 404, text: '{"type":"NoSessionException"}' })));
  const html = parseDlgError({ status: 502, text: '<html>Bad gateway</html>' });
  t.is(html.type, null);
  // A body that is not DALiuGE's is not repeated (errors reach viewers): only its size.
  t.is(describeDlgError(html), 'HTTP 502 not a DALiuGE error document (24 bytes)');
  // The island manager's own error page (bottle) for an exception it did not map: its title only.
  const page = `<!DOCTYPE HTML><html><head><title>Error: 500 Internal Server Error</title></head>
    <body><p>Sorry, the requested URL <tt>'http://x/api/sessions/s/graph/append'</tt> caused an error:</p>
    <pre>Internal Server Error</pre></body></html>`;
  t.is(
    describeDlgError(parseDlgError({ status: 500, text: page })),
    "HTTP 500 Internal Server Error (an error page without a reason: the island manager's log has it)",
  );
});

test("the translator's exception: the traceback's last line and innermost frame, bounded", (t) => {
  const detail =
    'Graph partition exception surveyor.graph: Traceback (most recent call last):\n' +
    '  File "/srv/venv/lib/python3.11/site-packages/dlg/dropmake/pg_generator.py", line 82, in unroll\n' +
    '    drop_list = lg.unroll_to_tpl()\n' +
    '  File "/srv/venv/lib/python3.11/site-packages/dlg/dropmake/lg.py", line 497, in _link_drops\n' +
    '    output_portname = sname[llink["fromPort"]]\n' +
    "KeyError: 'fromPort'\n";
  t.is(exceptionOf(detail), "KeyError: 'fromPort' (in dlg/dropmake/lg.py:497, _link_drops)");
  t.is(
    exceptionOf(`Traceback (most recent call last):\nValueError: ${'x'.repeat(1000)}`)!.length < 400,
    true,
  );
  t.is(exceptionOf(42), null);
});

test('peer text is shortened and redacted before it reaches an error', (t) => {
  const long = `failed for https://user:hunter2secret@dim.example.org/x ${'y'.repeat(900)}`;
  const s = peerText(long);
  t.false(s.includes('hunter2secret'));
  t.true(s.length < 600);
  t.regex(s, /more characters\)$/);
});

test("drop states as the console draws them: an application's by execStatus, a data drop's by status", (t) => {
  const s = dropStatesOf({
    a0: { status: 0, execStatus: 0 },
    a1: { status: 0, execStatus: 1 },
    a2: { status: 2, execStatus: 2 },
    a3: { status: 3, execStatus: 3 },
    a4: { status: 6, execStatus: 4 },
    a5: { status: 7, execStatus: 5 },
    d0: { status: 0 },
    d1: { status: 1 },
    d2: { status: 2 },
    d3: { status: 3 },
    d4: { status: 4 },
    d5: { status: 5 },
    d6: { status: 6 },
    d7: { status: 7 },
    later: { status: 99 },
    odd: 'x',
  });
  t.deepEqual(Object.fromEntries(s!), {
    a0: 'waiting',
    a1: 'running',
    a2: 'done',
    a3: 'error',
    a4: 'cancelled',
    a5: 'skipped',
    d0: 'waiting',
    d1: 'running',
    d2: 'done',
    d3: 'error',
    d4: 'done',
    d5: 'done',
    d6: 'cancelled',
    d7: 'skipped',
  });
  t.is(dropStatesOf([]), null);
  t.is(dropStatesOf(null), null);
});
