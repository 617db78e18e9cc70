// Uses surveyor as another TypeScript tool would: by its package name.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { createHarness } from 'surveyor/harness';
import { roleAllows, type UserView } from 'surveyor';
import { LoginRequest, renderOpenApi } from 'surveyor/schema';

test('the package exports the core, the harness and the schema under its name', async (t) => {
  const h = createHarness();
  const created = await h.users.create({
    username: 'tool',
    email: 't@example.org',
    role: 'operator',
    password: 'long-enough-pw',
  });
  t.true(E.isRight(created));
  const view = (created as E.Right<UserView>).right;
  t.is(view.role, 'operator');
  t.true(roleAllows(view.role, 'viewer'));
  t.true(E.isRight(LoginRequest.decode({ username: 'tool', password: 'x' })));
  t.true(renderOpenApi().includes('"openapi": "3.1.0"'));
});

test("the library checks an embedder's input with the API's codecs: the same 422 as over HTTP", async (t) => {
  const h = createHarness();
  const admin = { username: 'tool', role: 'admin' as const };
  const issues = (r: E.Either<{ code: string; details?: Readonly<Record<string, unknown>> }, unknown>) => {
    if (E.isRight(r)) return t.fail('accepted');
    t.is(r.left.code, 'validation_failed');
    return ((r.left.details?.['issues'] ?? []) as { path: string }[]).map((i) => i.path);
  };
  t.deepEqual(
    issues(await h.sources.register('Not A Module!', { source_identifier: 'HIPASSJ0001-23' }, 'tool')),
    ['project_module'],
  );
  t.deepEqual(issues(await h.sources.discover('wallaby_hires', ['bad identifier\n'])), [
    'source_identifiers.0',
  ]);
  t.deepEqual(
    issues(
      await h.executions.create(
        {
          project_module: 'wallaby_hires',
          archive_name: '',
          sources: [{ source_identifier: 'HIPASSJ0001-23' }],
        },
        { by: 'tool' },
      ),
    ),
    ['archive_name'],
  );
  t.deepEqual(
    issues(
      await h.profiles.create(
        { name: 'x', translation: {}, deployment: { kind: 'rest_remote' } } as never,
        admin,
      ),
    ),
    ['deployment.deploy_host'],
  );
  t.deepEqual(issues(await h.projects.usage('wallaby_hires', { from: 'last tuesday' })), ['from']);
  t.deepEqual(issues(await h.sources.list('wallaby_hires', { identifierPrefix: 'HIPASS\u0000' })), [
    'identifier_prefix',
  ]);
  t.deepEqual(
    issues(
      await h.profiles.pause(
        '00000000-0000-4000-8000-000000000001',
        { reason: 'two\nlines', until: new Date('2025-12-31T00:00:00Z') },
        admin,
      ),
    ),
    ['reason', 'until'],
  );
  t.deepEqual(issues(await h.projects.usage('wallaby_hires', { by: 'week' } as never)), ['by']);
});
