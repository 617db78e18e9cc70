// Whether the account may fetch a dataset, read from its datalink answer as archives write them:
// CASDA's (an async SODA row with a token, or without one, beside a preview the account may always
// follow) and DataLink 1.1's link_authorized; an answer that says neither way is unknown.
import test from 'ava';
import { accessOf } from '../../adapters/tap/asyncLinks.js';
import { parseDatalink } from '../../adapters/tap/datalink.js';

const answer = (fields: string[], rows: (string | null)[][]) =>
  parseDatalink(`<VOTABLE version="1.3"><RESOURCE type="results"><TABLE>
    ${fields.map((f) => `<FIELD name="${f}" datatype="${f === 'link_authorized' ? 'boolean' : 'char'}"${f === 'link_authorized' ? '' : ' arraysize="*"'}/>`).join('')}
    <DATA><TABLEDATA>${rows.map((r) => `<TR>${r.map((v) => (v === null ? '<TD/>' : `<TD>${v}</TD>`)).join('')}</TR>`).join('')}</TABLEDATA></DATA></TABLE></RESOURCE>
    <RESOURCE type="meta" utype="adhoc:service" ID="async_service">
      <PARAM name="standardID" datatype="char" arraysize="*" value="ivo://ivoa.net/std/SODA#async-1.0"/>
      <PARAM name="accessURL" datatype="char" arraysize="*" value="https://casda.example/async"/>
    </RESOURCE></VOTABLE>`);
const of = (fields: string[], rows: (string | null)[][]) => {
  const a = answer(fields, rows);
  return accessOf(a, a.rows);
};

const casda = ['ID', 'access_url', 'service_def', 'semantics', 'authenticated_id_token'];

test("CASDA's convention: the async row's token says it, whatever a preview row beside it has", (t) => {
  const preview = ['scan-1', 'https://casda.example/preview.png', null, '#preview', null];
  t.deepEqual(of(casda, [['scan-1', null, 'async_service', '#this', 'tok'], preview]), {
    authorized: true,
    detail: null,
  });
  t.deepEqual(of(casda, [['scan-1', null, 'async_service', '#this', null], preview]), {
    authorized: false,
    detail: 'no authenticated_id_token',
  });
});

test("DataLink 1.1's link_authorized, on the rows staging would use", (t) => {
  const fields = ['ID', 'access_url', 'service_def', 'semantics', 'link_authorized'];
  t.deepEqual(of(fields, [['d', null, 'async_service', '#this', 'F']]), {
    authorized: false,
    detail: 'link_authorized is false',
  });
  t.deepEqual(of(fields, [['d', null, 'async_service', '#this', 'T']]), { authorized: true, detail: null });
  // A direct #this link (no service): its own flag; a #preview's does not count.
  t.deepEqual(
    of(fields, [
      ['d', 'https://x.example/d.fits', null, '#this', 'T'],
      ['d', 'https://x.example/p.png', null, '#preview', 'F'],
    ]),
    { authorized: true, detail: null },
  );
});

test('an answer that says neither way, or lists nothing to fetch, is unknown with its words', (t) => {
  t.deepEqual(of(['ID', 'access_url', 'service_def'], [['d', null, 'async_service']]), {
    authorized: null,
    detail: 'the datalink says nothing of the account',
  });
  t.deepEqual(of(['ID', 'access_url', 'error_message'], [['d', null, 'NotFoundFault: no file d']]), {
    authorized: null,
    detail: 'NotFoundFault: no file d',
  });
});
