// The archive adapter's pure parts: credentials only to allowed origins, UWS documents, CASDA
// checksums, safe file names, datalink answers, ADQL literals and batches (halved when the archive
// cuts one, a single source over max_rows named).
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { credentialsAllowed } from '../../adapters/tap/archiveHttp.js';
import { CasdaHasher, formatCasdaChecksum, parseCasdaChecksum } from '../../adapters/tap/casdaChecksum.js';
import { safeSegment } from '../../adapters/tap/jobResults.js';
import { parseDatalink } from '../../adapters/tap/datalink.js';
import { parseUwsJob, resultUrl } from '../../adapters/tap/uws.js';
import { parseTemplate, renderTemplate, tablesOf } from '../../core/domain/adql.js';
import type { DiscoveryQuery, ProjectConfig } from '../../core/domain/projectConfig.js';
import { validateProjectConfig } from '../../core/domain/validateProjectConfig.js';
import type { Archive, ArchiveQuery } from '../../core/ports/Archive.js';
import { runQuery } from '../../core/usecases/discovery/runQueries.js';
import { loadProjectYaml } from '../../schema/project/loadYaml.js';
import { wallabyYaml } from '../support/examples.js';

test('credentials go only to origins both the archive and the admin name, over https or to this machine', (t) => {
  const admin = [
    'https://casda.csiro.au',
    'https://data.csiro.au',
    'http://127.0.0.1:8089',
    'http://archive.example.org',
  ];
  const scope = {
    origins: [...admin, 'https://operators-listener.example.org'],
    credentials: { username: 'u', password: 'p', origins: admin },
  };
  t.true(credentialsAllowed(scope, 'https://data.csiro.au/casda_vo_proxy/vo/datalink/links?ID=x'));
  t.true(credentialsAllowed(scope, 'http://127.0.0.1:8089/casda/q/links/api'));
  t.true(credentialsAllowed(scope, 'https://CASDA.csiro.au:443/tap'), 'the same origin written otherwise');
  t.false(credentialsAllowed(scope, 'https://evil.example.org/x'), 'another host');
  t.false(credentialsAllowed(scope, 'https://data.csiro.au:8443/x'), 'another port');
  t.false(credentialsAllowed(scope, 'http://archive.example.org/tap'), 'plain http to another machine');
  t.false(
    credentialsAllowed(scope, 'https://operators-listener.example.org/tap'),
    'an origin the configuration lists but the admin did not',
  );
  t.false(
    credentialsAllowed({ origins: scope.origins, credentials: null }, 'https://casda.csiro.au/tap'),
    'no account',
  );
  // A pre-signed link carries its own authority, even on an origin the account may go to.
  t.false(
    credentialsAllowed(
      scope,
      'https://data.csiro.au/bucket/f.fits?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261130T000000Z&X-Amz-Expires=60&X-Amz-Signature=ab',
    ),
    'an S3 SigV4 link',
  );
  t.false(
    credentialsAllowed(scope, 'https://data.csiro.au/bucket/f.fits?AWSAccessKeyId=k&Expires=1&Signature=x'),
    'an S3 SigV2 link',
  );
  t.true(credentialsAllowed(scope, 'https://data.csiro.au/x?Signature=not-an-s3-link'), 'a parameter alone');
});

test('UWS: phase, error and self-closing results with prefixed, encoded or relative hrefs', (t) => {
  const job =
    parseUwsJob(`<?xml version="1.0"?><uws:job xmlns:uws="http://www.ivoa.net/xml/UWS/v1.0" xmlns:xl="http://www.w3.org/1999/xlink">
    <uws:jobId>abc</uws:jobId><uws:phase>COMPLETED</uws:phase>
    <uws:parameters><uws:parameter id="phase">RUN</uws:parameter></uws:parameters>
    <uws:results>
      <uws:result id="visibility-105174" xl:href="https%3A%2F%2Fcasda.csiro.au%2Fdownload%2Fweb%2Fx%2Fvis%2B1.tar"/>
      <uws:result id="visibility-105174.checksum" xl:href="results/vis.tar.checksum"/>
    </uws:results></uws:job>`);
  t.is(job.phase, 'COMPLETED');
  t.deepEqual(
    job.results.map((r) => resultUrl(r.href, 'https://casda.csiro.au/casda_data_access/data/async/u1')),
    [
      'https://casda.csiro.au/download/web/x/vis+1.tar',
      'https://casda.csiro.au/casda_data_access/data/async/u1/results/vis.tar.checksum',
    ],
  );
  const failed = parseUwsJob(
    '<uws:job xmlns:uws="http://www.ivoa.net/xml/UWS/v1.0"><uws:phase>ERROR</uws:phase><uws:errorSummary type="fatal"><uws:message>no such table</uws:message></uws:errorSummary></uws:job>',
  );
  t.deepEqual([failed.phase, failed.error], ['ERROR', 'no such table']);
});

test('CASDA checksums: crc32, sha1 and size in hex, computed in pieces', (t) => {
  const h = new CasdaHasher();
  h.update(Buffer.from('hello '));
  h.update(Buffer.from('world'));
  const c = h.digest();
  // zlib's CRC-32 and SHA-1 of "hello world".
  t.is(formatCasdaChecksum(c), '0d4a1185 2aae6c35c94fcfb415dbe95f408b9ce91ee846ed b');
  t.deepEqual(parseCasdaChecksum('d4a1185 2aae6c35c94fcfb415dbe95f408b9ce91ee846ed b\n'), c);
  t.is(parseCasdaChecksum('not a checksum'), null);
});

test('names from the archive become safe file names', (t) => {
  t.is(safeSegment('../../etc/passwd'), '__.._etc_passwd');
  t.is(safeSegment('vis\u0000.tar'), 'vis_.tar');
  t.is(safeSegment('..'), '_');
  t.is(safeSegment('HIPASSJ1318-21_SB30001_beam00.fits'), 'HIPASSJ1318-21_SB30001_beam00.fits');
});

test('a datalink answer: rows, the CASDA token column, and the async service descriptor', (t) => {
  const d = parseDatalink(`<VOTABLE version="1.3"><RESOURCE type="results"><TABLE>
    <FIELD name="ID" datatype="char" arraysize="*"/><FIELD name="service_def" datatype="char" arraysize="*"/>
    <FIELD name="authenticated_id_token" datatype="char" arraysize="*"/>
    <DATA><TABLEDATA><TR><TD>scan-1</TD><TD>async_service</TD><TD>tok1</TD></TR><TR><TD>scan-2</TD><TD>async_service</TD><TD/></TR></TABLEDATA></DATA></TABLE></RESOURCE>
    <RESOURCE type="meta" utype="adhoc:service" ID="async_service">
      <PARAM name="standardID" datatype="char" arraysize="*" value="ivo://ivoa.net/std/SODA#async-1.0"/>
      <PARAM name="accessURL" datatype="char" arraysize="*" value="https://casda.csiro.au/casda_data_access/data/async"/>
      <GROUP name="inputParams"><PARAM name="ID" datatype="char" arraysize="*" value=""/></GROUP>
    </RESOURCE></VOTABLE>`);
  t.deepEqual(
    d.rows.map((r) => r['authenticated_id_token']),
    ['tok1', null],
  );
  t.deepEqual(d.services.get('async_service'), {
    id: 'async_service',
    accessUrl: 'https://casda.csiro.au/casda_data_access/data/async',
    standardId: 'ivo://ivoa.net/std/SODA#async-1.0',
  });
  t.throws(
    () =>
      parseDatalink(
        '<VOTABLE version="1.3"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="ERROR">Forbidden</INFO></RESOURCE></VOTABLE>',
      ),
    { message: 'Forbidden' },
  );
});

test('ADQL: LIKE patterns escape the wildcards, IN lists are literals, tables are found after FROM and JOIN', (t) => {
  const { template } = parseTemplate('SELECT * FROM t WHERE a LIKE {x:like_prefix} AND b IN {y:in_list}');
  t.is(
    renderTemplate(template, { y: 'integer' }, { x: "50%_off\\'", y: [1, 2, 3] }),
    "SELECT * FROM t WHERE a LIKE '50\\%\\_off\\\\''%' AND b IN (1, 2, 3)",
  );
  t.throws(() => renderTemplate(template, { y: 'integer' }, { x: 'a', y: [1, 'two'] }), {
    message: /integer/,
  });
  t.throws(() => renderTemplate(template, {}, { x: ['a'], y: ['b'] }), { message: /a list where one value/ });
  t.deepEqual(
    tablesOf(`SELECT u.k, o.* FROM ivoa.obscore AS o JOIN TAP_UPLOAD.sources AS u ON o.f LIKE 'FROM x'
      JOIN (SELECT * FROM casda.observation_evaluation_file) e ON 1=1, "VIII/73/hicat" h WHERE x IN (SELECT y FROM "VIII/73/hicat")`),
    ['ivoa.obscore', 'casda.observation_evaluation_file', 'VIII/73/hicat'],
  );
});

const wallaby = (() => {
  const c = loadProjectYaml(wallabyYaml);
  if (E.isLeft(c)) throw new Error('the example does not load');
  return c.right;
})();
const withQuery = (q: Partial<DiscoveryQuery>): ProjectConfig => ({
  ...wallaby,
  discovery: {
    ...wallaby.discovery,
    queries: [{ ...wallaby.discovery.queries[1]!, ...q }, wallaby.discovery.queries[0]!],
  },
});
const problems = (c: ProjectConfig) => validateProjectConfig(c).map((i) => `${i.path}: ${i.message}`);

test('batch queries: placeholders and the way back to each source must fit together', (t) => {
  t.deepEqual(
    problems(
      withQuery({
        adql: 'SELECT HIPASS FROM "VIII/73/hicat" WHERE HIPASS IN {source_name:in_list}',
        batch: {
          via: 'in_list',
          sources_per_query: 100,
          match: { column: 'HIPASS', parameter: 'source_name' },
        },
      }),
    ),
    [],
  );
  t.deepEqual(
    problems(
      withQuery({
        adql: 'SELECT HIPASS FROM "VIII/73/hicat" WHERE HIPASS = {source_name}',
        batch: { via: 'in_list', sources_per_query: 100 },
      }),
    ),
    [
      'discovery.queries.0.adql: a batch via in_list needs an {name:in_list} placeholder',
      'discovery.queries.0.adql: {source_name} has one value per source; a batch query takes {source_name:in_list}',
      'discovery.queries.0.batch.match: is required for in_list: which column carries which parameter',
    ],
  );
  t.deepEqual(problems(withQuery({ adql: 'SELECT * FROM t WHERE HIPASS IN {source_name:in_list}' })), [
    'discovery.queries.0.adql: {source_name:in_list} belongs to a batch query (batch: {via: in_list})',
  ]);
  t.deepEqual(
    problems(
      withQuery({
        adql: 'SELECT * FROM "VIII/73/hicat" WHERE HIPASS = {source_name}',
        batch: { via: 'upload', sources_per_query: 10 },
      }),
    ),
    [
      'discovery.queries.0.adql: a batch via upload takes its values from TAP_UPLOAD.sources, not placeholders',
      'discovery.queries.0.adql: a batch via upload must read TAP_UPLOAD.sources',
    ],
  );
});

/** An archive that cuts every answer at `cap` rows, as a server with a hard MAXREC would. */
const cappedArchive = (rowsPer: number, cap: number) => {
  const calls: ArchiveQuery[] = [];
  const archive: Archive = {
    async query(q) {
      calls.push(q);
      const rows = q.upload!.rows.flatMap((r) =>
        Array.from({ length: rowsPer }, (_, i) => ({ surveyor_key: r[0], name: `${r[1]}-${i}` })),
      );
      const limit = Math.min(cap, q.maxRows);
      return { rows: rows.slice(0, limit), overflow: rows.length > limit };
    },
    ping: async () => [],
  };
  return { archive, calls };
};

test('a batch the archive cuts is asked again in halves; a single source over max_rows fails naming MAXREC', async (t) => {
  const q: DiscoveryQuery = {
    name: 'visibility',
    archive: 'casda',
    adql: 'SELECT u.surveyor_key, o.* FROM ivoa.obscore o JOIN TAP_UPLOAD.sources u ON o.filename LIKE u.source_identifier_like_prefix',
    parameters: { source_identifier: { type: 'string' } },
    max_rows: 10,
    batch: { via: 'upload', sources_per_query: 8 },
  };
  const entries = Array.from({ length: 8 }, (_, i) => ({ values: { source_identifier: `S${i}` } }));
  const { archive, calls } = cappedArchive(3, 7);
  const stats = { queries: 0, entries: 0 };
  const answers = await runQuery(archive, wallaby, q, entries, stats);
  // 8 x 3 rows do not fit in 7: 8 -> 4+4 -> 2+2+2+2 (6 rows each fit).
  t.deepEqual(
    calls.map((c) => c.upload!.rows.length),
    [8, 4, 2, 2, 4, 2, 2],
  );
  t.deepEqual(
    answers.map((a) => ('rows' in a ? a.rows.length : a.error)),
    Array(8).fill(3),
  );
  t.false(
    'surveyor_key' in (answers[0] as { rows: Record<string, unknown>[] }).rows[0]!,
    'the key column is dropped',
  );
  const tooMany = await runQuery(cappedArchive(12, 100).archive, wallaby, q, entries.slice(0, 1), stats);
  t.regex(
    (tooMany[0] as { error: string }).error,
    /more than max_rows \(10\) rows for source_identifier=S0.*MAXREC/,
  );
  // Equal values are asked once and shared.
  const shared = cappedArchive(1, 100);
  const same = await runQuery(shared.archive, wallaby, q, [entries[0]!, entries[0]!, entries[1]!], stats);
  t.is(shared.calls[0]!.upload!.rows.length, 2);
  t.is(same.length, 3);
});
