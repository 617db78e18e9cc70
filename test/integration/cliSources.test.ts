// Sources from the CLI: imported from CSV, added and deleted by identifier (an unknown one named),
// discovered by name or by filter, listed by filter a page at a time, shown, switched off and on,
// and their events.
import test from 'ava';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliProject, cliSession } from '../support/cliSession.js';

const s = cliSession(test, { loggedIn: true, worker: true });
const { cli, json, file } = s;

test.serial.before(() => cliProject(s));

test.serial('sources imported, added, deleted, discovered and listed by filter', async (t) => {
  const csv = file(
    'sources.csv',
    'source_identifier,note\nHIPASSJ0001-23,first\n"HIPASSJ0301MOCKFAIL",bad\n\n',
  );
  const imported = await cli(['sources', 'import', 'wallaby_hires', csv]);
  t.is(imported.code, 0, imported.out);
  t.regex(imported.out, /2 created, 0 already there, 0 refused/);
  const refused = await cli(['sources', 'add', 'wallaby_hires', 'not a hipass name']);
  t.is(refused.code, 1);
  // A misspelt registration taken back, by identifier; an unknown one is named.
  t.is((await cli(['sources', 'add', 'wallaby_hires', 'HIPASSJ0004-56'])).code, 0);
  const deleted = await cli(['sources', 'delete', 'wallaby_hires', 'HIPASSJ0004-56', 'HIPASSJ9999-99']);
  t.is(deleted.code, 1, deleted.out);
  t.regex(deleted.out, /^deleted HIPASSJ0004-56$/m);
  t.regex(deleted.out, /HIPASSJ9999-99 not deleted: no source HIPASSJ9999-99 in project wallaby_hires/);
  const listed = await json<{ uuid: string; source_identifier: string }[]>([
    'sources',
    'list',
    'wallaby_hires',
  ]);
  t.is(listed.length, 2);
  // Chosen by a filter: the two never discovered. A named one the server skips is said, exit 1.
  const discovering = await cli(['sources', 'discover', 'wallaby_hires', '--state', 'never']);
  t.is(discovering.code, 0, discovering.out);
  t.regex(discovering.out, /^discovery queued for 2 source\(s\)$/m);
  const unknownOne = await cli(['sources', 'discover', 'wallaby_hires', 'HIPASSJ9999-99']);
  t.is(unknownOne.code, 1, unknownOne.out);
  t.regex(unknownOne.out, /^HIPASSJ9999-99 skipped: no such source in this project$/m);
  t.is((await cli(['sources', 'discover', 'wallaby_hires'])).code, 2, 'neither names nor a filter');
  for (const src of listed)
    for (let i = 0; ; i++) {
      const st = await json<{ ready: boolean }>(['sources', 'status', src.uuid]);
      if (st.ready) break;
      if (i > 60) t.fail(`${src.source_identifier} not ready`);
      await new Promise((r) => setTimeout(r, 500));
    }
  // Filters, printed a page at a time; --json is the same array the unfiltered list printed.
  const toProcess = await cli(['sources', 'list', 'wallaby_hires', '--to-process', '--enabled']);
  t.is(toProcess.code, 0, toProcess.out);
  t.regex(toProcess.out, /^IDENTIFIER\s+ENABLED\s+DISCOVERY\s+DISCOVERED\s+TO PROCESS\s+UUID$/m);
  t.regex(toProcess.out, /^HIPASSJ0001-23\s+yes\s+done\s+\S+Z\s+yes\s+[0-9a-f-]{36}$/m);
  t.regex(toProcess.out, /^HIPASSJ0301MOCKFAIL\s+yes\s+done\s/m);
  t.deepEqual(
    (
      await json<{ source_identifier: string }[]>([
        'sources',
        'list',
        'wallaby_hires',
        '--prefix',
        'HIPASSJ03',
      ])
    ).map((s) => s.source_identifier),
    ['HIPASSJ0301MOCKFAIL'],
  );
  t.deepEqual(
    (await json<{ source_identifier: string }[]>(['sources', 'list', 'wallaby_hires', '--limit', '1'])).map(
      (s) => s.source_identifier,
    ),
    ['HIPASSJ0001-23'],
  );
  const noneFailed = await cli(['sources', 'list', 'wallaby_hires', '--state', 'failed']);
  t.is(noneFailed.code, 0);
  t.is(noneFailed.out.trim(), 'no source of wallaby_hires matches');
  t.deepEqual(await json(['sources', 'list', 'wallaby_hires', '--state', 'failed']), []);
  t.is((await cli(['sources', 'list', 'wallaby_hires', '--enabled', '--disabled'])).code, 2);
  const lost = await cli(['sources', 'list', 'wallaby_hires', '--state', 'lost']);
  t.is(lost.code, 1);
  t.regex(lost.out, /discovery_state/);
});

test.serial(
  'a misspelt project is said with the projects there are; a CSV without its column is refused',
  async (t) => {
    for (const args of [
      ['sources', 'list', 'wallaby_hire'],
      ['sources', 'list', 'wallaby-hires'],
      ['exec', 'list', '--project', 'wallaby_hire'],
    ]) {
      const r = await cli(args);
      t.is(r.code, 1, `${args.join(' ')}: ${r.out}`);
      t.regex(
        r.out,
        /no project wallaby[-_]hires?; did you mean wallaby_hires\? \(known: [^)]*wallaby_hires/,
      );
    }
    const none = await cli(['exec', 'list', '--project', 'nosuch']);
    t.is(none.code, 1, none.out);
    t.regex(none.out, /no project nosuch \(known: [^)]*wallaby_hires/);
    const csv = file('targets.csv', 'name,ra,dec\nHIPASSJ0005-01,1.5,-2\n');
    const refused = await cli(['sources', 'import', 'wallaby_hires', csv]);
    t.is(refused.code, 2, refused.out);
    t.regex(refused.out, /first line \(name, ra, dec\) names no source_identifier column/);
    const registered = await cli(['sources', 'list', 'wallaby_hires', '--prefix', 'name']);
    t.regex(registered.out, /no source of wallaby_hires matches/, 'its header was not registered');
  },
);

test.serial('a source shown, switched off and on, and its events', async (t) => {
  // One source: shown, switched off and on (an unknown one named, the rest done), its events.
  t.is(
    (await json<{ source_identifier: string }>(['sources', 'show', 'wallaby_hires', 'HIPASSJ0001-23']))
      .source_identifier,
    'HIPASSJ0001-23',
  );
  const off = await cli(['sources', 'disable', 'wallaby_hires', 'HIPASSJ0001-23', 'HIPASSJ9999-99']);
  t.is(off.code, 1, off.out);
  t.regex(off.out, /^HIPASSJ0001-23 disabled$/m);
  t.regex(off.out, /HIPASSJ9999-99: no source HIPASSJ9999-99 in project wallaby_hires/);
  t.false((await json<{ enabled: boolean }>(['sources', 'show', 'wallaby_hires', 'HIPASSJ0001-23'])).enabled);
  t.is((await cli(['sources', 'enable', 'wallaby_hires', 'HIPASSJ0001-23'])).code, 0);
  const sourceEvents = await json<{ kind: string }[]>([
    'sources',
    'events',
    'wallaby_hires',
    'HIPASSJ0001-23',
  ]);
  t.deepEqual(
    sourceEvents.map((e) => e.kind).filter((k) => k !== 'source.discovered' && k !== 'source.changed'),
    ['source.registered', 'source.disabled', 'source.enabled'],
  );
  t.is((await cli(['sources', 'show', 'wallaby_hires', 'HIPASSJ9999-99'])).code, 2);
});

cliCoverage(test, s, 'cliSources');
