// A manifest keeps out what names its run (the id, the attempt, the staged files' paths), so reruns
// of the same data compare equal.
import test from 'ava';
import { type Manifest, manifestContent } from '../../core/domain/manifest.js';

const manifest = (id: string, attempt: number, path: string): Manifest => ({
  manifest_version: 1,
  execution_id: id,
  attempt,
  project_module: 'wallaby_hires',
  config_version: 3,
  sources: [
    {
      source_identifier: 'HIPASSJ0001',
      path: 'a template field named path stays',
      datasets: [{ staged: { dataset_id: 'd1', path, size: 5, files: [{ name: 'f', path, size: 5 }] } }],
    },
  ],
});

test('a manifest without what names its run: the id, the attempt and the staged files’ paths', (t) => {
  const a = manifestContent(manifest('e1', 1, '/staging/e1/f'));
  const b = manifestContent(manifest('e2', 3, '/staging/e2/f'));
  t.deepEqual(a, b);
  t.false('execution_id' in a);
  t.false(JSON.stringify(a).includes('/staging/'));
  t.regex(JSON.stringify(a), /a template field named path stays/);
  t.regex(JSON.stringify(a), /"dataset_id":"d1"/);
  t.notDeepEqual(a, manifestContent({ ...manifest('e1', 1, '/x'), config_version: 4 }));
});
