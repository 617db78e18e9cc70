// Graphs from the graph directory: content that matches its pinned sha256 is kept and served again
// without reading the directory; content that does not match is never kept.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { FileOrUrlGraphStore } from '../../adapters/system/graphStore.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

test('a verified graph is served again for its place and digest; an unverified one is read each time', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'graphs-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = '{"nodeDataArray": [1]}';
  writeFileSync(join(dir, 'g.graph'), first);
  const store = new FileOrUrlGraphStore(dir, 1024 * 1024);
  t.deepEqual(await store.load({ path: 'g.graph', sha256: sha(first) }), { text: first, sha256: sha(first) });
  const second = '{"nodeDataArray": [2]}';
  writeFileSync(join(dir, 'g.graph'), second);
  t.is((await store.load({ path: 'g.graph', sha256: sha(first) })).text, first, 'the pinned content, kept');
  t.deepEqual(
    await store.load({ path: 'g.graph', sha256: '0'.repeat(64) }),
    { text: second, sha256: sha(second) },
    'not kept: read again, with the digest of what was read',
  );
  writeFileSync(join(dir, 'g.graph'), 'changed');
  t.is((await store.load({ path: 'g.graph', sha256: '0'.repeat(64) })).text, 'changed');
  rmSync(join(dir, 'g.graph'));
  t.is((await store.load({ path: 'g.graph', sha256: sha(first) })).text, first);
  await t.throwsAsync(store.load({ path: 'g.graph', sha256: sha(second) }), {
    message: /not in the graph directory/,
  });
});

test('the kept graphs stay within their byte budget, oldest out first', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'graphs-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const store = new FileOrUrlGraphStore(dir, 1024 * 1024, 30_000, 100);
  const texts = ['a'.repeat(60), 'b'.repeat(60)];
  for (const [i, x] of texts.entries()) {
    writeFileSync(join(dir, `${i}.graph`), x);
    await store.load({ path: `${i}.graph`, sha256: sha(x) });
  }
  rmSync(join(dir, '0.graph'));
  rmSync(join(dir, '1.graph'));
  t.is((await store.load({ path: '1.graph', sha256: sha(texts[1]!) })).text, texts[1]!, 'the newest is kept');
  await t.throwsAsync(store.load({ path: '0.graph', sha256: sha(texts[0]!) }), {
    message: /not in the graph directory/,
  });
});
