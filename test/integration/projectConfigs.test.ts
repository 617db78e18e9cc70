// Project configurations over HTTP: the project's event stream, problems at their line and column,
// a graph that cannot run refused at upload with nothing stored, budgets refused with their path and
// loosened by an admin only, the usage route's refusals.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { wallabyYaml as example } from '../support/examples.js';
import { graphDir } from '../support/project.js';

let api: TestApi;
let op: string;
let viewer: string;
test.before(async () => {
  api = await startTestApi();
  op = await api.tokenFor('op', 'operator');
  viewer = await api.tokenFor('view', 'viewer');
});
test.after.always(async () => {
  await api?.close();
});

/** The fields a 403 says only an admin may set. */
const adminOnly = (r: { body: unknown }) =>
  (r.body as { error: { details: { admin_only: string[] } } }).error.details.admin_only;

const upload = (yaml: string, token = op, contentType = 'application/x-yaml') =>
  api.call('POST', '/project-configs', { raw: yaml, token, headers: { 'Content-Type': contentType } });

test.serial(
  'uploads are versioned: new content is a new active version, the same content changes nothing',
  async (t) => {
    const first = await upload(example);
    t.is(first.status, 201, first.text);
    t.like(first.body as object, {
      project_module: 'wallaby_hires',
      version: 1,
      active: true,
      created_by: 'op',
    });
    t.regex((first.body as { content_hash: string }).content_hash, /^[0-9a-f]{64}$/);

    t.like(first.body as object, { changed: true });
    const again = await upload(example);
    t.is(again.status, 200);
    t.like(again.body as object, { version: 1, changed: false });

    const changed = await upload(
      example.replace('description: WALLABY HiRes CASDA pipeline', 'description: v2'),
    );
    t.is(changed.status, 201);
    t.like(changed.body as object, { version: 2, active: true });

    const active = await api.call('GET', '/project-configs/wallaby_hires', { token: viewer });
    t.is(active.status, 200);
    t.like(active.body as object, { version: 2 });
    t.is(
      (active.body as { config: { metadata: { description: string } } }).config.metadata.description,
      'v2',
    );

    const versions = await api.call('GET', '/project-configs/wallaby_hires/versions', { token: viewer });
    t.deepEqual(
      (versions.body as { items: { version: number; active: boolean }[] }).items.map((v) => [
        v.version,
        v.active,
      ]),
      [
        [2, true],
        [1, false],
      ],
    );
    const v1 = await api.call('GET', '/project-configs/wallaby_hires/versions/1', { token: viewer });
    t.is((v1.body as { yaml: string }).yaml, example);
    // What the user stored comes back as stored: a transform whose name holds "pass" included.
    for (const r of [first, active, v1])
      t.deepEqual(
        (r.body as { config: { transforms: Record<string, unknown> } }).config.transforms[
          'hipass_source_name'
        ],
        {
          kind: 'strip_prefix',
          prefix: 'HIPASS',
        },
      );
  },
);

test.serial('the project event stream records each upload, paged with a cursor', async (t) => {
  const page1 = await api.call('GET', '/projects/wallaby_hires/events?limit=1', { token: viewer });
  t.is(page1.status, 200);
  const b1 = page1.body as {
    items: { kind: string; payload: { version: number } }[];
    next_cursor: string | null;
  };
  t.is(b1.items.length, 1);
  t.is(b1.items[0]!.kind, 'project.config_uploaded');
  t.is(b1.items[0]!.payload.version, 1);
  t.truthy(b1.next_cursor);
  const page2 = await api.call('GET', `/projects/wallaby_hires/events?limit=1&cursor=${b1.next_cursor}`, {
    token: viewer,
  });
  const b2 = page2.body as { items: { payload: { version: number } }[]; next_cursor: string | null };
  t.is(b2.items[0]!.payload.version, 2);
  t.is(b2.next_cursor, null);
  t.is((await api.call('GET', '/projects/wallaby_hires/events?cursor=bogus', { token: viewer })).status, 422);
  t.is((await api.call('GET', '/projects/wallaby_hires/events?limit=5000', { token: viewer })).status, 422);
});

test('an invalid configuration is refused with the line and column of each problem', async (t) => {
  const bad = example.replace('timeout_seconds: 90', 'timeout_seconds: ninety');
  const r = await upload(bad);
  t.is(r.status, 422);
  const issues = (
    r.body as {
      error: { details: { issues: { path: string; line: number; column: number; code: string }[] } };
    }
  ).error.details.issues;
  t.is(issues[0]!.path, 'archives.casda.timeout_seconds');
  t.is(issues[0]!.line, bad.split('\n').findIndex((l) => l.includes('ninety')) + 1);
  t.is(issues[0]!.code, 'invalid');
  t.is((await upload('a: [1, 2')).status, 422);
});

test('uploads need YAML, an operator, and a bounded size', async (t) => {
  t.is((await upload(example, op, 'application/json')).status, 415);
  t.is((await upload(example, viewer)).status, 403);
  t.is((await upload(`a: "${'x'.repeat(300 * 1024)}"`)).status, 413);
});

test('unknown projects and versions are 404', async (t) => {
  t.is((await api.call('GET', '/project-configs/nothing_here', { token: viewer })).status, 404);
  t.is((await api.call('GET', '/project-configs/nothing_here/versions', { token: viewer })).status, 404);
  t.is((await api.call('GET', '/project-configs/wallaby_hires/versions/99', { token: viewer })).status, 404);
  t.is((await api.call('GET', '/project-configs/wallaby_hires/versions/abc', { token: viewer })).status, 404);
  t.is((await api.call('GET', '/project-configs/Bad-Name', { token: viewer })).status, 404);
});

test.serial(
  'a graph URL and patches of code fields are an admin decision; an operator keeps them unchanged',
  async (t) => {
    const admin = await api.tokenFor('boss', 'admin');
    const trusted = example
      .replace('module: wallaby_hires', 'module: trust_rules')
      .replace(
        'num_of_copies: "$count(sbids[].datasets[])"\n',
        'num_of_copies: "$count(sbids[].datasets[])"\n  - match: { kind: node_name, equals: mosaic }\n    set:\n      func_code: "import os"\n',
      );
    t.not(trusted, example);
    const byUrl = example
      .replace('module: wallaby_hires', 'module: trust_rules')
      .replace(
        /graph:\n(\s+#.*\n)?\s+path: .*\n/,
        'graph:\n  url: https://graphs.example.org/pipeline.graph\n',
      );
    t.not(byUrl, example);
    for (const [yaml, refused] of [
      [trusted, ['graph_patches.1.set.func_code']],
      [byUrl, ['graph.url']],
    ] as const) {
      const r = await upload(yaml, op);
      t.is(r.status, 403, r.text);
      t.deepEqual(adminOnly(r), refused);
    }
    // num_of_copies (the example's own patch) is an operator's to set: the upload above named only func_code.
    t.is((await upload(trusted, admin)).status, 201);
    // The admin's patch, unchanged, stays allowed in an operator's next version; changed, it does not.
    const edited = trusted.replace(
      'description: WALLABY HiRes CASDA pipeline',
      'description: edited by an operator',
    );
    t.is((await upload(edited, op)).status, 201);
    const changed = edited.replace('func_code: "import os"', 'func_code: "import subprocess"');
    t.is((await upload(changed, op)).status, 403);
  },
);

test('a configuration whose graph cannot run is refused at upload with 422 and the reasons, and nothing is stored', async (t) => {
  const module = example.replace('module: wallaby_hires', 'module: graph_checks');
  const issues = async (yaml: string) => {
    const r = await upload(yaml);
    t.is(r.status, 422, r.text);
    return (r.body as { error: { details: { issues: { path: string; message: string; line: number }[] } } })
      .error.details.issues;
  };
  const missing = await issues(module.replace(/path: \S+\.graph/, 'path: no-such.graph'));
  t.is(missing[0]!.path, 'graph.path');
  t.regex(
    missing[0]!.message,
    /the graph cannot be loaded: graph no-such\.graph is not in the graph directory \(SERVICE_GRAPH_DIR\)/,
  );
  t.false(missing[0]!.message.includes(graphDir), "an operator is not shown the service host's paths");
  const digest = await issues(module.replace(/sha256: [0-9a-f]{64}/, `sha256: ${'f'.repeat(64)}`));
  t.is(digest[0]!.path, 'graph.sha256');
  t.regex(digest[0]!.message, /has sha256 [0-9a-f]{64}, but the configuration pins f{64}/);
  const patch = await issues(
    module
      .replace('equals: Scatter/GenericScatterApp }', 'equals: Scatter/NoSuchApp }')
      .replace(
        'num_of_copies: "$count(sbids[].datasets[])"\n',
        'num_of_copies: "$count(sbids[].datasets[])"\n  - match: { kind: node_category, equals: Scatter }\n    set:\n      num_of_splits: 2\n',
      ),
  );
  t.deepEqual(
    patch.map((i) => i.path),
    ['graph_patches.0', 'graph_patches.1'],
  );
  t.regex(patch[0]!.message, /no node with node_name Scatter\/NoSuchApp/);
  // At the line and column of the patch, as the console shows the validator's problems.
  // (The first patch's `- match:` line, counted in the text sent.)
  const patchLine =
    module.split('\n').findIndex((l) => /^ {2}- match: .*Scatter\/GenericScatterApp/.test(l)) + 1;
  t.true(patchLine > 0);
  t.like(patch[0], { line: patchLine, column: 5, code: 'graph' });
  t.regex(patch[1]!.message, /has no field num_of_splits \(its fields: num_of_copies\)/);
  t.is((await api.call('GET', '/project-configs/graph_checks', { token: op })).status, 404, 'nothing stored');
});

test('a budget that is negative, absurd or in an unknown unit is refused with its path, line and column', async (t) => {
  const issuesOf = async (budget: string) => {
    const yaml = `${example.trimEnd()}\nbudget:\n${budget}`;
    const r = await upload(yaml);
    t.is(r.status, 422, r.text);
    return (r.body as { error: { details: { issues: { path: string; line: number; message: string }[] } } })
      .error.details.issues;
  };
  const lines = example.trimEnd().split('\n').length;
  t.like((await issuesOf('  limit: -5\n  unit: node_hours\n'))[0], { path: 'budget.limit', line: lines + 2 });
  t.like((await issuesOf('  limit: 0\n  unit: node_hours\n'))[0], { path: 'budget.limit' });
  t.like((await issuesOf('  limit: 1e12\n  unit: node_hours\n'))[0], { path: 'budget.limit' });
  const unit = (await issuesOf('  limit: 100\n  unit: core_years\n'))[0]!;
  t.like(unit, { path: 'budget.unit', line: lines + 3 });
  t.regex(unit.message, /node_hours|cpu_hours/);
  t.like((await issuesOf('  limit: 100\n  unit: node_hours\n  period: week\n'))[0], {
    path: 'budget.period',
  });
  t.like((await issuesOf('  limit: 100\n  unit: node_hours\n  on_exhausted: shrug\n'))[0], {
    path: 'budget.on_exhausted',
  });
  // A sound one is stored; the usage route then says it.
  const ok = await upload(
    `${example.trimEnd()}\nbudget:\n  limit: 120.5\n  unit: cpu_hours\n  on_exhausted: warn\n`,
  );
  t.true(ok.status === 201 || ok.status === 200, ok.text);
  const usage = await api.call('GET', '/projects/wallaby_hires/usage', { token: viewer });
  t.is(usage.status, 200, usage.text);
  t.like((usage.body as { budget: object }).budget, {
    unit: 'cpu_hours',
    budget: 120.5,
    used: 0,
    on_exhausted: 'warn',
  });
});

test('the usage route refuses an empty or unreadable range, and an unknown project', async (t) => {
  const get = (q: string, module = 'wallaby_hires') =>
    api.call('GET', `/projects/${module}/usage${q}`, { token: viewer });
  const pathOf = (r: { body: unknown }) =>
    (r.body as { error: { details: { issues: { path: string }[] } } }).error.details.issues[0]!.path;
  const empty = await get('?from=2026-11&to=2026-10');
  t.is(empty.status, 422);
  t.is(pathOf(empty), 'from');
  for (const bad of ['?from=2026-02-30', '?from=yesterday', '?to=2026-13', '?by=week']) {
    const r = await get(bad);
    t.is(r.status, 422, bad);
  }
  t.is(pathOf(await get('?from=2026-02-30')), 'from');
  t.is((await get('', 'no_such_project')).status, 404);
  const r = await get('?from=2026-01&to=2026-12-01T00:00:00%2B11:00&by=state');
  t.is(r.status, 200, r.text);
  t.like(r.body as object, { from: '2026-01-01T00:00:00.000Z', to: '2026-11-30T13:00:00.000Z', by: 'state' });
});

test.serial('a budget is loosened by an admin only: an operator keeps, sets or tightens it', async (t) => {
  const admin = await api.tokenFor('budget-admin', 'admin');
  const mod = example.replace('module: wallaby_hires', 'module: budget_rules');
  const budget = (limit: number, onExhausted = 'block', unit = 'node_hours') =>
    `${mod}\nbudget:\n  limit: ${limit}\n  unit: ${unit}\n  on_exhausted: ${onExhausted}\n`;
  t.is((await upload(budget(100), op)).status, 201, 'an operator sets one where there was none');
  t.is((await upload(budget(80), op)).status, 201, 'and tightens it');
  for (const [yaml, refused] of [
    [mod, ['budget']],
    [budget(120), ['budget.limit']],
    [budget(80, 'warn'), ['budget.on_exhausted']],
    [budget(80, 'block', 'cpu_hours'), ['budget.unit']],
  ] as const) {
    const r = await upload(yaml, op);
    t.is(r.status, 403, r.text);
    t.deepEqual(adminOnly(r), refused);
    t.regex(r.text, /a budget is loosened by an admin only \(ask one for more\)/);
  }
  t.is((await upload(budget(80, 'warn'), viewer)).status, 403, 'viewers upload nothing');
  t.is((await upload(budget(500), admin)).status, 201, 'an admin raises it');
  t.is((await upload(mod, admin)).status, 201, 'and removes it');
});
