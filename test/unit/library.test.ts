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
