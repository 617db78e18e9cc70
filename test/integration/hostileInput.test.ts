// Input that reviews found answering 500 or stalling the process: NUL characters and lone
// surrogates, deep nesting, a YAML document of many keys or a long array, and a project pattern
// that makes a backtracking engine run for minutes. Each is refused (or served) with a documented
// status, at once, and /health keeps answering meanwhile.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { checkResponse } from '../support/openapiCheck.js';
import { manualWallabyYaml } from '../support/project.js';

let api: TestApi;
let op = '';
test.before(async () => {
  api = await startTestApi();
  op = await api.tokenFor('op', 'operator');
  await api.uploadConfig(manualWallabyYaml, op);
});
test.after.always(async () => {
  await api?.close();
});

const issues = (body: unknown) =>
  ((body as { error: { details?: { issues?: { path: string; message: string }[] } } }).error.details
    ?.issues ?? []) as { path: string; message: string }[];

test('a NUL character or a lone surrogate in any string is a 422 naming where, on every kind of route', async (t) => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/login', { username: 'ad\u0000min', password: 'whatever-pass' }, 'username'],
    [
      'POST',
      '/sources',
      { project_module: 'wallaby_hires', source_identifier: 'HIPASSJ0001-01\ud800', enabled: true },
      'source_identifier',
    ],
    [
      'POST',
      '/sources/discover',
      { project_module: 'wallaby_hires', source_identifiers: ['a\u0000'] },
      'source_identifiers.0',
    ],
    [
      'POST',
      '/executions',
      { project_module: 'wallaby_hires', archive_name: 'casda\u0000', sources: [] },
      'archive_name',
    ],
    [
      'POST',
      '/deployment-profiles',
      { name: 'p', translation: {}, deployment: { kind: 'rest_remote', deploy_host: 'h\u0000' } },
      'deployment.deploy_host',
    ],
    ['POST', '/deployment-profiles', { name: 'p', 'a\u0000b': 1 }, 'a\u0000b'],
  ];
  for (const [method, path, body, where] of cases) {
    const r = await api.call(method, path, { body, token: op });
    t.is(r.status, 422, `${path}: ${r.text}`);
    t.deepEqual(checkResponse(path, method, r.status, r.body), [], path);
    t.is(issues(r.body)[0]?.path, where, path);
    t.regex(issues(r.body)[0]!.message, /NUL character|lone surrogate/);
  }
  const q = await api.call('GET', '/sources?project_module=wallaby%00hires', { token: op });
  t.is(q.status, 422);
  const yaml = await api.call('POST', '/project-configs', {
    raw: manualWallabyYaml.replace(
      'description: WALLABY HiRes CASDA pipeline',
      'description: "nul \\0 here"',
    ),
    token: op,
    headers: { 'Content-Type': 'application/x-yaml' },
  });
  t.is(yaml.status, 422, yaml.text);
  t.regex(yaml.text, /NUL character/);
});

test('a C1 control (a terminal CSI, NEL) or a line separator is refused wherever one line of text is taken', async (t) => {
  const admin = await api.tokenFor('c1-admin', 'admin');
  const profiles = await api.call('POST', '/deployment-profiles', {
    token: admin,
    body: {
      name: 'c1',
      project_module: 'wallaby_hires',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    },
  });
  const profile = (profiles.body as { id: string }).id;
  for (const bad of ['stop\u009b[2Jnow', 'next\u0085line', 'next\u2028line', 'para\u2029graph']) {
    const cases: [string, string, unknown, string][] = [
      ['POST', `/deployment-profiles/${profile}/pause`, { reason: bad }, 'reason'],
      [
        'POST',
        '/sources',
        { project_module: 'wallaby_hires', source_identifier: bad, enabled: true },
        'source_identifier',
      ],
      [
        'POST',
        '/notification-channels',
        { kind: 'webhook', name: bad, url: 'https://hooks.example.org/x', signing_secret: 'x'.repeat(32) },
        'name',
      ],
      [
        'POST',
        '/executions',
        {
          project_module: 'wallaby_hires',
          archive_name: bad,
          sources: [{ source_identifier: 'HIPASSJ0001-01' }],
        },
        'archive_name',
      ],
    ];
    for (const [method, path, body, where] of cases) {
      const r = await api.call(method, path, { body, token: admin });
      t.is(r.status, 422, `${path} ${JSON.stringify(bad)}: ${r.text}`);
      t.is(issues(r.body)[0]?.path, where, path);
    }
  }
});

test('JSON nested 10,000 deep is refused with a 422, not a stack overflow', async (t) => {
  const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  for (const path of ['/deployment-profiles', '/login']) {
    const r = await api.call('POST', path, {
      raw: deep,
      token: op,
      headers: { 'Content-Type': 'application/json' },
    });
    t.is(r.status, 422, `${path}: ${r.text.slice(0, 200)}`);
    t.regex(issues(r.body)[0]!.message, /nested deeper than 64 levels/);
  }
});

test('a YAML mapping of 30,000 keys and a 130,000-item array answer at once, with diagnostics', async (t) => {
  t.timeout(20_000); // the library's own duplicate-key check took 40 s on such a document
  const keys = Array.from({ length: 30_000 }, (_, i) => `k${i.toString(36)}: 1`).join('\n');
  const many = await api.call('POST', '/project-configs', {
    raw: `${keys}\nk7: 2\n`,
    token: op,
    headers: { 'Content-Type': 'application/x-yaml' },
  });
  t.is(many.status, 422);
  t.regex(many.text, /the key k7 appears twice in one mapping/);
  const array = await api.call('POST', '/project-configs', {
    raw: `items: [${Array.from({ length: 130_000 }, () => '1').join(',')}]\n`,
    token: op,
    headers: { 'Content-Type': 'application/x-yaml' },
  });
  t.is(array.status, 422, array.text.slice(0, 300));
});

test('a pattern that makes a backtracking engine run for minutes is matched in linear time', async (t) => {
  t.timeout(20_000); // on a backtracking engine this registration held the process for 96 s
  const evil = manualWallabyYaml.replace("pattern: '^HIPASS[A-Z0-9+-]+$'", () => "pattern: '^(a+)+$'");
  t.not(evil, manualWallabyYaml);
  await api.uploadConfig(evil, op);
  const health = (async () => {
    // /health keeps answering while the registration runs.
    const r = await api.call('GET', '/health');
    return r.status;
  })();
  const r = await api.call('POST', '/sources', {
    body: { project_module: 'wallaby_hires', source_identifier: `${'a'.repeat(40)}!`, enabled: true },
    token: op,
  });
  t.is(r.status, 422, r.text);
  t.regex(r.text, /does not match the project's pattern/);
  t.is(await health, 200);
  const ok = await api.call('POST', '/sources', {
    body: { project_module: 'wallaby_hires', source_identifier: 'a'.repeat(40), enabled: true },
    token: op,
  });
  t.is(ok.status, 201, ok.text);
  // RE2 has no backreferences: such a pattern is refused at upload, with the reason.
  const backref = await api.call('POST', '/project-configs', {
    raw: manualWallabyYaml.replace("pattern: '^HIPASS[A-Z0-9+-]+$'", () => "pattern: '^(a)\\1$'"),
    token: op,
    headers: { 'Content-Type': 'application/x-yaml' },
  });
  t.is(backref.status, 422);
  t.regex(backref.text, /source_identity\.pattern.*RE2 syntax/);
  await api.uploadConfig(manualWallabyYaml, op);
});
