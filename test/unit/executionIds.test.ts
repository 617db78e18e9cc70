// Execution ids as people copy them (the first 8 characters the console and `exec list` show):
// the prefix's bounds on the primary key, and the CLI's resolution, ambiguous and unknown.
import test from 'ava';
import { uuidPrefixBounds } from '../../core/domain/idPrefix.js';
import type { ApiClient } from '../../hosts/cli/client/apiClient.js';
import { resolveExecution } from '../../hosts/cli/commands/client/exec.js';

test('a prefix is 8 or more characters as the id writes them, and bounds a range of ids', (t) => {
  t.deepEqual(uuidPrefixBounds('a91d699d'), {
    low: 'a91d699d-0000-0000-0000-000000000000',
    high: 'a91d699d-ffff-ffff-ffff-ffffffffffff',
  });
  t.deepEqual(uuidPrefixBounds('a91d699d-4f'), {
    low: 'a91d699d-4f00-0000-0000-000000000000',
    high: 'a91d699d-4fff-ffff-ffff-ffffffffffff',
  });
  for (const bad of [
    'a91d699',
    'a91d699d4f',
    'A91D699D',
    'a91d699d--',
    'g91d699d',
    `${'a'.repeat(8)}-${'b'.repeat(5)}`,
  ])
    t.is(uuidPrefixBounds(bad), null, bad);
});

/** An API client whose list of executions answers with these ids, recording what it was asked. */
const listing = (uuids: string[]) => {
  const asked: unknown[] = [];
  const api = {
    request: async (_m: string, _p: string, o: unknown) => {
      asked.push(o);
      return { items: uuids.map((uuid) => ({ uuid })) };
    },
  } as unknown as ApiClient;
  return { api, asked };
};

test('the CLI takes a full id as it is, resolves a unique prefix, and refuses an ambiguous or unknown one', async (t) => {
  const full = 'a91d699d-0000-4000-8000-000000000001';
  const one = listing([full]);
  t.is(await resolveExecution(one.api, full.toUpperCase()), full);
  t.deepEqual(one.asked, [], 'a full id is not looked up');
  t.is(await resolveExecution(one.api, 'A91D699D'), full);
  t.deepEqual(one.asked, [{ query: { id_prefix: 'a91d699d', limit: '6' } }]);
  const two = listing([full, 'a91d699d-ffff-4000-8000-000000000002']);
  const ambiguous = await t.throwsAsync(resolveExecution(two.api, 'a91d699d'));
  t.regex(
    ambiguous.message,
    /a91d699d starts 2 execution ids \(a91d699d-0000.*, a91d699d-ffff.*\): give more characters/,
  );
  const none = await t.throwsAsync(resolveExecution(listing([]).api, 'a91d699d'));
  t.is(none.message, 'no execution id starts with a91d699d');
});
