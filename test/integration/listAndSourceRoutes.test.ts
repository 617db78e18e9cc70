// Lists and single sources over HTTP: executions newest first with each filter and paged, a source
// read, disabled, enabled and deleted (refused while an unfinished execution holds it), bad filters
// and cursors 422, unknown ids 404.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { wallabyYaml as example } from '../support/examples.js';

let api: TestApi;
let op: string;
let viewer: string;
const ids: Record<string, string> = {};
const module = 'wallaby_hires';

test.before(async () => {
  api = await startTestApi();
  op = await api.tokenFor('op', 'operator');
  viewer = await api.tokenFor('viewer', 'viewer');
  const admin = await api.tokenFor('boss', 'admin');
  await api.uploadConfig(example, op);
  for (const name of ['rest-a', 'rest-b'])
    await api.call('POST', '/deployment-profiles', {
      token: admin,
      body: {
        name,
        is_default: name === 'rest-a',
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      },
    });
  const reg = await api.call('POST', '/sources/bulk', {
    token: op,
    body: {
      project_module: module,
      sources: ['HIPASSJ0001-23', 'HIPASSJ0002-45', 'HIPASSJ0003-67'].map((s) => ({ source_identifier: s })),
    },
  });
  for (const i of (reg.body as { items: { source_identifier: string; uuid: string }[] }).items)
    ids[i.source_identifier] = i.uuid;
});
test.after.always(async () => {
  await api?.close();
});

const createExecution = (source: string, profile: string) =>
  api.call('POST', '/executions', {
    token: op,
    body: {
      project_module: module,
      archive_name: 'casda',
      deployment_profile_name: profile,
      sources: [{ source_identifier: source }],
    },
  });

interface Listed {
  items: {
    uuid: string;
    state: string;
    deployment_profile_name: string;
    sources: { source_identifier: string }[];
  }[];
  next_cursor: string | null;
}

test.serial(
  'executions are listed newest first, filtered by project, state and profile, and paged',
  async (t) => {
    const made: string[] = [];
    for (const [source, profile] of [
      ['HIPASSJ0001-23', 'rest-a'],
      ['HIPASSJ0001-23', 'rest-b'],
      ['HIPASSJ0002-45', 'rest-b'],
    ] as const) {
      const r = await createExecution(source, profile);
      t.is(r.status, 201, r.text);
      made.push((r.body as { uuid: string }).uuid);
    }
    const all = await api.call('GET', `/executions?project_module=${module}`, { token: viewer });
    t.is(all.status, 200, all.text);
    const mine = (all.body as Listed).items.filter((i) => made.includes(i.uuid)).map((i) => i.uuid);
    t.deepEqual(mine, [...made].reverse(), 'newest first');

    const byProfile = await api.call('GET', '/executions?deployment_profile_name=rest-b', { token: viewer });
    t.deepEqual(
      (byProfile.body as Listed).items.map((i) => i.deployment_profile_name),
      ['rest-b', 'rest-b'],
    );
    const cancelled = await api.call('POST', `/executions/${made[0]}/cancel`, { token: op });
    t.is(cancelled.status, 202, cancelled.text);
    const byState = await api.call('GET', '/executions?state=cancelled', { token: viewer });
    t.deepEqual(
      (byState.body as Listed).items.map((i) => i.uuid),
      [made[0]],
    );
    // A project that is not there is said so, with the ones there are (not an empty list).
    const none = await api.call('GET', '/executions?project_module=nothing_here', { token: viewer });
    t.is(none.status, 404, none.text);
    t.regex(none.text, /no project nothing_here \(known: [^)]*wallaby_hires/);

    // One at a time: the pages together are the whole list, in order, each once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: unknown; status: number } = await api.call(
        'GET',
        `/executions?project_module=${module}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { token: viewer },
      );
      t.is(page.status, 200);
      const body = page.body as Listed;
      t.true(body.items.length <= 1);
      seen.push(...body.items.map((i) => i.uuid));
      cursor = body.next_cursor;
    } while (cursor !== null);
    t.deepEqual(
      seen,
      (all.body as Listed).items.map((i) => i.uuid),
    );

    const one = await api.call('GET', `/executions/${made[2]}`, { token: viewer });
    t.is(one.status, 200);
    t.deepEqual((one.body as Listed['items'][number]).sources, [{ source_identifier: 'HIPASSJ0002-45' }]);
  },
);

test.serial('bad list filters and cursors answer 422; an unknown execution 404', async (t) => {
  for (const q of [
    'state=runnning',
    'cursor=eDpub3Q',
    'limit=0',
    'deployment_profile_id=12',
    'project_module=a%0Ab',
  ])
    t.is((await api.call('GET', `/executions?${q}`, { token: viewer })).status, 422, q);
  // A name no project could have is no project: 404 with the ones there are.
  const bad = await api.call('GET', '/executions?project_module=Bad', { token: viewer });
  t.is(bad.status, 404, bad.text);
  t.regex(bad.text, /no project Bad/);
  const missing = await api.call('GET', '/executions/00000000-0000-4000-8000-000000000000', {
    token: viewer,
  });
  t.is(missing.status, 404);
});

test.serial(
  'a source is read, disabled and enabled by an operator (each change an event), not by a viewer',
  async (t) => {
    const id = ids['HIPASSJ0003-67']!;
    const read = await api.call('GET', `/sources/${id}`, { token: viewer });
    t.like(read.body, { uuid: id, source_identifier: 'HIPASSJ0003-67', enabled: true });
    t.is(
      (await api.call('PATCH', `/sources/${id}`, { token: viewer, body: { enabled: false } })).status,
      403,
    );
    const off = await api.call('PATCH', `/sources/${id}`, { token: op, body: { enabled: false } });
    t.is(off.status, 200, off.text);
    t.like(off.body, { enabled: false });
    // Disabled: discovery skips it.
    const discover = await api.call('POST', '/sources/discover', {
      token: op,
      body: { project_module: module, source_identifiers: ['HIPASSJ0003-67'] },
    });
    t.deepEqual((discover.body as { queued: string[] }).queued, []);
    t.is((await api.call('PATCH', `/sources/${id}`, { token: op, body: { enabled: false } })).status, 200);
    const on = await api.call('PATCH', `/sources/${id}`, { token: op, body: { enabled: true } });
    t.like(on.body, { enabled: true });
    const events = await api.call('GET', `/sources/${id}/events`, { token: viewer });
    t.deepEqual(
      (events.body as { items: { kind: string; actor: string }[] }).items.map((e) => e.kind),
      ['source.registered', 'source.disabled', 'source.enabled'],
      'setting the state it already has writes no event',
    );
    t.is((await api.call('PATCH', `/sources/${id}`, { token: op, body: { enabled: 'no' } })).status, 422);
    t.is(
      (await api.call('PATCH', `/sources/${id}`, { token: op, body: { enabled: true, x: 1 } })).status,
      422,
    );
  },
);

test.serial(
  'a source held by an unfinished execution is not deleted; a free one is, and executions list it as (deleted)',
  async (t) => {
    const held = ids['HIPASSJ0002-45']!;
    const refused = await api.call('DELETE', `/sources/${held}`, { token: op });
    t.is(refused.status, 409, refused.text);
    t.is((await api.call('GET', `/sources/${held}`, { token: viewer })).status, 200);

    const free = (
      await api.call('POST', '/sources', {
        token: op,
        body: { project_module: module, source_identifier: 'HIPASSJ0009-99' },
      })
    ).body as { uuid: string };
    const run = await createExecution('HIPASSJ0009-99', 'rest-a');
    const runId = (run.body as { uuid: string }).uuid;
    t.is((await api.call('POST', `/executions/${runId}/cancel`, { token: op })).status, 202);
    t.is((await api.call('DELETE', `/sources/${free.uuid}`, { token: viewer })).status, 403);
    const deleted = await api.call('DELETE', `/sources/${free.uuid}`, { token: op });
    t.is(deleted.status, 200, deleted.text);
    t.deepEqual(deleted.body, { deleted: true });
    t.is((await api.call('GET', `/sources/${free.uuid}`, { token: viewer })).status, 404);
    t.is((await api.call('DELETE', `/sources/${free.uuid}`, { token: op })).status, 404);
    const after = await api.call('GET', `/executions/${runId}`, { token: viewer });
    t.deepEqual((after.body as { sources: unknown }).sources, [{ source_identifier: '(deleted)' }]);
    const events = await api.call('GET', `/sources/${free.uuid}/events`, { token: viewer });
    t.is(events.status, 404, 'the source is gone; its events stay in the project stream');
    const project = await api.call('GET', `/projects/${module}/events?limit=500`, { token: viewer });
    t.true((project.body as { items: { kind: string }[] }).items.some((e) => e.kind === 'source.deleted'));
  },
);

test.serial(
  'an execution created after a new version is activated pins the new one, even where the old one would refuse it',
  async (t) => {
    const pinned = async (archive: string) => {
      const r = await api.call('POST', '/executions', {
        token: op,
        body: {
          project_module: module,
          archive_name: archive,
          sources: [{ source_identifier: 'HIPASSJ0003-67' }],
        },
      });
      t.is(r.status, 201, r.text);
      return (r.body as { config_version: number }).config_version;
    };
    const before = await pinned('casda');
    // The process last saw `before` active; the new version only changes a timeout (nothing a
    // create checks), so the create's first try inserts and is told the version changed.
    await api.uploadConfig(example.replace('timeout_seconds: 90', 'timeout_seconds: 91'), op);
    t.is(await pinned('casda'), before + 1);
    // Only the newest version has this archive: the first try, on the version last seen, refuses it.
    await api.uploadConfig(
      example.replace(
        '  vizier:\n',
        '  extra:\n    kind: tap\n    url: https://tap.example.org/tap\n  vizier:\n',
      ),
      op,
    );
    t.is(await pinned('extra'), before + 2);
    const wrong = await api.call('POST', '/executions', {
      token: op,
      body: {
        project_module: module,
        archive_name: 'nowhere',
        sources: [{ source_identifier: 'HIPASSJ0003-67' }],
      },
    });
    t.is(wrong.status, 422, 'an archive no version has is still refused');
  },
);
