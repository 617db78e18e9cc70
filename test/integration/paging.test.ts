// Profile and configuration-version lists are paged like every other list: limit, an opaque
// cursor, next_cursor null on the last page, and a cursor this API did not give out is a 422.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { checkResponse } from '../support/openapiCheck.js';
import { manualWallabyYaml } from '../support/project.js';

let api: TestApi;
let op = '';
test.before(async () => {
  api = await startTestApi();
  // Global profiles are an admin's to make.
  op = await api.tokenFor('boss', 'admin');
});
test.after.always(async () => {
  await api?.close();
});

const pages = async (path: string, limit: number) => {
  const seen: string[][] = [];
  let cursor: string | null = null;
  do {
    const r = await api.call(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      {
        token: op,
      },
    );
    if (r.status !== 200) throw new Error(r.text);
    const body = r.body as { items: { name?: string; version?: number }[]; next_cursor: string | null };
    seen.push(body.items.map((i) => String(i.name ?? i.version)));
    cursor = body.next_cursor;
  } while (cursor !== null);
  return seen;
};

test('profiles come a page at a time: globals first, then the module, by name', async (t) => {
  const make = (name: string, project_module?: string) =>
    api.call('POST', '/deployment-profiles', {
      token: op,
      body: {
        name,
        ...(project_module ? { project_module } : {}),
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      },
    });
  for (const [n, m] of [
    ['g-b', undefined],
    ['g-a', undefined],
    ['m-c', 'mod_a'],
    ['m-a', 'mod_a'],
    ['other', 'mod_b'],
  ] as const)
    t.is((await make(n, m)).status, 201);
  t.deepEqual(await pages('/deployment-profiles?project_module=mod_a', 2), [
    ['g-a', 'g-b'],
    ['m-a', 'm-c'],
  ]);
  t.deepEqual(await pages('/deployment-profiles', 3), [
    ['g-a', 'g-b', 'm-a'],
    ['m-c', 'other'],
  ]);
  const bad = await api.call('GET', '/deployment-profiles?cursor=bm90LW91cnM', { token: op });
  t.is(bad.status, 422);
  t.deepEqual(checkResponse('/deployment-profiles', 'GET', bad.status, bad.body), []);
});

test('configuration versions come newest first, a page at a time', async (t) => {
  for (let i = 1; i <= 3; i++)
    await api.uploadConfig(
      manualWallabyYaml.replace('description: WALLABY HiRes CASDA pipeline', `description: v${i}`),
      op,
    );
  t.deepEqual(await pages('/project-configs/wallaby_hires/versions', 2), [['3', '2'], ['1']]);
  const bad = await api.call('GET', '/project-configs/wallaby_hires/versions?cursor=eDox', { token: op });
  t.is(bad.status, 422);
});
