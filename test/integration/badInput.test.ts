// Bad input to every route of the route table: unknown and malformed ids, missing fields, wrong
// types, wrong content type, broken JSON, oversize bodies. Each answer is a documented status of
// that route, in the documented error shape, and never a 500.
import test from 'ava';
import { routes } from '../../schema/routes.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { checkResponse } from '../support/openapiCheck.js';
import { prepareProject } from '../support/project.js';

let api: TestApi;
let admin = '';
test.before(async () => {
  api = await startTestApi({ SERVICE_MAX_JSON_BODY_BYTES: '4096', SERVICE_MAX_YAML_BODY_BYTES: '65536' });
  await prepareProject(api, ['HIPASSJ0300+01']);
  admin = await api.tokenFor('root', 'admin');
});
test.after.always(async () => {
  await api?.close();
});

const unknownId = '00000000-0000-4000-8000-000000000000';
// A body each route accepts, so that an unknown id is what the answer is about.
const validBodies: Record<string, unknown> = {
  replaceProfile: {
    name: 'p',
    translation: {},
    deployment: { kind: 'rest_remote', deploy_host: 'h.example.org' },
  },
  executeExecution: {},
  pauseProfile: { reason: 'maintenance' },
  reproduceExecution: {},
  updateSource: { enabled: false },
  replaceChannel: { kind: 'webhook', name: 'c' },
  setChannelEnabled: { enabled: false },
  replaceRule: { kind: 'discovery_changed', name: 'r', channels: ['00000000-0000-4000-8000-000000000001'] },
  setRuleEnabled: { enabled: false },
};

/** Query parameters a route needs before it looks its resource up. */
const requiredQuery: Record<string, string> = {
  '/executions/{id}/artifact': '?attempt=1&name=manifest.json',
};
const fill = (path: string, id: string) =>
  path.replace('{id}', id).replace('{module}', 'no_such_module').replace('{version}', '999') +
  (requiredQuery[path] ?? '');

const send = async (
  method: string,
  template: string,
  path: string,
  init: Parameters<TestApi['call']>[2] = {},
) => {
  const r = await api.call(method, path, { token: admin, ...init });
  return { ...r, problems: checkResponse(template, method, r.status, r.body) };
};

for (const r of routes.filter((x) => x.params !== undefined)) {
  test(`${r.method} ${r.path}: unknown and malformed ids are 404`, async (t) => {
    const body = validBodies[r.id];
    const init = body !== undefined ? { body } : {};
    for (const id of [unknownId, 'not-a-uuid', '%27%3B--']) {
      const x = await send(r.method, r.path, fill(r.path, id), init);
      t.is(x.status, 404, `${id}: ${x.text}`);
      t.deepEqual(x.problems, []);
    }
  });
}

for (const r of routes.filter((x) => x.body?.contentType === 'application/json' && x.auth !== 'public')) {
  test(`${r.method} ${r.path}: missing fields, wrong types, broken JSON, wrong content type, oversize`, async (t) => {
    const path = fill(r.path, unknownId);
    const cases: [string, Parameters<TestApi['call']>[2], number[]][] = [
      ['empty object', { body: {} }, [422, 404]],
      [
        'wrong types',
        { body: { project_module: 5, name: [], sources: 'x', do_stage: 'yes', deployment: 1 } },
        [422],
      ],
      ['an array', { body: [] }, [422]],
      ['a string', { body: 'x' }, [422]],
      ['broken JSON', { raw: '{"a":', headers: { 'Content-Type': 'application/json' } }, [400]],
      ['wrong content type', { raw: 'a=b', headers: { 'Content-Type': 'text/plain' } }, [415]],
      ['oversize', { body: { pad: 'x'.repeat(10_000) } }, [413]],
    ];
    for (const [what, init, expected] of cases) {
      const x = await send(r.method, r.path, path, init);
      t.true(expected.includes(x.status), `${what}: ${x.status} ${x.text}`);
      t.deepEqual(x.problems, [], what);
    }
  });
}

test('POST /project-configs: not YAML, not a config, oversize, wrong type', async (t) => {
  const cases: [string, string, string, number][] = [
    ['not YAML', '{{{', 'application/x-yaml', 422],
    ['not a config', 'a: 1\n', 'application/x-yaml', 422],
    ['oversize', `a: "${'x'.repeat(70_000)}"\n`, 'application/x-yaml', 413],
    ['JSON instead', '{}', 'application/json', 415],
  ];
  for (const [what, raw, type, status] of cases) {
    const x = await send('POST', '/project-configs', '/project-configs', {
      raw,
      headers: { 'Content-Type': type },
    });
    t.is(x.status, status, `${what}: ${x.text}`);
    t.deepEqual(x.problems, [], what);
  }
});

test('list routes: bad paging and filters are 422', async (t) => {
  for (const [template, query] of [
    ['/sources', '?project_module=wallaby_hires&limit=0'],
    ['/sources', '?project_module=wallaby_hires&cursor=%%%'],
    ['/sources', ''],
    ['/deployment-profiles', '?project_module=BAD MODULE'],
    ['/projects/{module}/events', '?limit=100000'],
  ] as const) {
    const x = await send(
      'GET',
      template,
      fill(template, unknownId).replace('no_such_module', 'wallaby_hires') + query,
    );
    t.true(x.status === 422 || x.status === 400, `${template}${query}: ${x.status} ${x.text}`);
    t.deepEqual(x.problems, []);
  }
});
