// Discovery's access check (discovery.access_check): the archive's word per dataset becomes the
// source's access (held, with the release date; unknown kept apart, never read as released), it
// stays out of the signature, and readiness holds a source whose data is not released.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { Sha256Digest } from '../../adapters/auth/sha256Digest.js';
import { MockArchive } from '../../adapters/mock/archive.js';
import { sourceReadiness } from '../../core/domain/source.js';
import type { Archive, LinkAccess } from '../../core/ports/Archive.js';
import { computeDiscoveries } from '../../core/usecases/discovery/computeDiscovery.js';
import { loadProjectYaml } from '../../schema/project/loadYaml.js';

const yaml = readFileSync(
  fileURLToPath(new URL('../../../schema/examples/wallaby_hires.project.yaml', import.meta.url)),
  'utf8',
);
const config = (accessCheck: boolean) => {
  const r = loadProjectYaml(yaml.replace(/^ {2}access_check: true$/m, `  access_check: ${accessCheck}`));
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left));
  if (r.right.discovery.access_check !== accessCheck) throw new Error('access_check did not take');
  return r.right;
};

/** The mock archive's rows, with an access answer per datalink from `answer`. */
const archive = (
  answer: (link: string, n: number) => LinkAccess | Error,
): Archive & { asked: string[][] } => {
  const mock = new MockArchive();
  const asked: string[][] = [];
  return {
    asked,
    query: (q) => mock.query(q),
    ping: (name, a) => mock.ping(name, a),
    access: async (_name, _archive, links) => {
      asked.push([...links]);
      return links.map((l, n) => {
        const a = answer(l, n);
        if (a instanceof Error) throw a;
        return a;
      });
    },
  };
};
const digest = new Sha256Digest();
const ids = ['HIPASSJ0001-01', 'HIPASSJ0002-02'];

test('datasets the archive does not authorize hold their source, with the latest release date', async (t) => {
  const a = archive((_l, n) =>
    n === 0 ? { authorized: false, detail: 'link_authorized is false' } : { authorized: true, detail: null },
  );
  const [first, second] = await computeDiscoveries({ archive: a, digest }, config(true), ids);
  if (!first || !('result' in first) || !second || !('result' in second)) return t.fail('discovery failed');
  t.is(a.asked.length, 1, "one call for the batch's datasets");
  const access = first.result.metadata.access!;
  t.is(access.proprietary.length, 1);
  t.regex(
    String(access.held),
    /^the archive does not let the account fetch 1 of \d datasets yet \(proprietary; /,
  );
  t.is(second.result.metadata.access!.held, null);
  const state = (m: typeof first.result.metadata) => ({
    id: 'x',
    sourceIdentifier: 'x',
    enabled: true,
    discoveryState: 'done' as const,
    discoveryError: null,
    discoveryFlags: {},
    metadata: m,
  });
  t.deepEqual(sourceReadiness(state(first.result.metadata), []).blockedBy, [access.held]);
  t.true(sourceReadiness(state(second.result.metadata), []).ready);
  // The same data, released: the same signature (release is not a change of the data).
  const released = await computeDiscoveries(
    { archive: archive(() => ({ authorized: true, detail: null })), digest },
    config(true),
    ids,
  );
  t.is(('result' in released[0]! && released[0].result.signature) || null, first.result.signature);
});

test('an archive that says neither way leaves the data unknown, not held and not released', async (t) => {
  const [one] = await computeDiscoveries(
    {
      archive: archive(() => ({ authorized: null, detail: 'the datalink says nothing of the account' })),
      digest,
    },
    config(true),
    ids.slice(0, 1),
  );
  if (!one || !('result' in one)) return t.fail('discovery failed');
  t.is(one.result.metadata.access!.held, null);
  t.true(one.result.metadata.access!.unknown.length > 0);
  t.is(one.result.metadata.access!.unknown[0]!.reason, 'the datalink says nothing of the account');
});

test('an access check that fails fails the discovery with the reason; without access_check none is made', async (t) => {
  const failing = archive(() => new Error('archive casda did not answer'));
  const [one] = await computeDiscoveries({ archive: failing, digest }, config(true), ids.slice(0, 1));
  t.deepEqual(one, {
    error: "checking the archive's leave to fetch the data: archive casda did not answer",
  });
  const quiet = archive(() => ({ authorized: false, detail: null }));
  const [off] = await computeDiscoveries({ archive: quiet, digest }, config(false), ids.slice(0, 1));
  t.true(off !== undefined && 'result' in off && off.result.metadata.access === undefined);
  t.is(quiet.asked.length, 0);
});
