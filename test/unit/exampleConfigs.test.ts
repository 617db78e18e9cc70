// The shipped example configurations stand on their own: every file a comment or a field names is
// in the repository, and no comment points at a document a user does not have.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const examples = join(root, 'schema', 'examples');

for (const name of readdirSync(examples).filter((f) => f.endsWith('.yaml')))
  test(`${name} names only files the repository has`, (t) => {
    const text = readFileSync(join(examples, name), 'utf8');
    const named = [...text.matchAll(/[\w./-]+\.(?:yaml|graph|json|py|md|csv)\b/g)].map((m) => m[0]);
    t.true(named.length > 0, 'it names its graph at least');
    for (const file of named) {
      const found = [join(root, file), join(examples, file), join(examples, 'graphs', file)].some((p) =>
        existsSync(p),
      );
      t.true(found, `${name} names ${file}, which is not in the repository`);
    }
    const comments = text.split('\n').filter((l) => l.trimStart().startsWith('#'));
    t.false(
      comments.some((l) => /policy file|as its team keeps it|SPEC|INTERFACES|shared\//.test(l)),
      'a comment points at a document outside the repository',
    );
  });
