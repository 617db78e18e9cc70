// /metrics read with a Prometheus text parser: _total only on counters, the standard process_* names,
// no doubled prefix.
import { createRequire } from 'node:module';
import test from 'ava';
import { Metrics } from '../../adapters/metrics/registry.js';

interface Family {
  readonly name: string;
  readonly type: string;
  readonly metrics: readonly { readonly labels?: Record<string, string> }[];
}
// A parser of the Prometheus text format (no types of its own): what a scraper reads, not our own regexes.
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const scrape = async () => {
  const m = new Metrics('test');
  m.gaugeFrom(
    'surveyor_executions',
    'Executions by project and state',
    ['project_module', 'state'],
    async () => [{ labels: { project_module: 'wallaby', state: 'running' }, value: 2 }],
  );
  m.readQueueFrom(async () => ({ queued: 1, running: 0, dead: 0, oldestQueuedAgeSeconds: 3 }));
  m.httpRequests.inc({ method: 'GET', route: '/health', status: '200' });
  return parse(await m.render());
};

test('metrics follow Prometheus naming: _total only on counters, standard process_* names, no doubled prefix', async (t) => {
  const families = await scrape();
  const names = families.map((f) => f.name);
  t.true(names.length > 20, names.join(' '));
  t.deepEqual(
    families
      .filter((f) => f.name.endsWith('_total') && f.type !== 'COUNTER')
      .map((f) => `${f.name} (${f.type})`),
    [],
  );
  t.deepEqual(
    families.filter((f) => f.type === 'COUNTER' && !f.name.endsWith('_total')).map((f) => f.name),
    [],
  );
  t.deepEqual(
    names.filter((n) => /process_process_|^surveyor_process_|surveyor_surveyor_/.test(n)),
    [],
  );
  for (const standard of [
    'process_cpu_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_heap_size_used_bytes',
  ])
    t.true(names.includes(standard), `${standard} is exposed under its standard name`);
  t.true(names.every((n) => /^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(n)));
  // Our own families carry the surveyor_ prefix and every series the role label.
  for (const f of families.filter((x) => !/^(process|nodejs)_/.test(x.name))) t.regex(f.name, /^surveyor_/);
  const executions = families.find((f) => f.name === 'surveyor_executions');
  t.deepEqual(executions?.metrics[0]?.labels, { project_module: 'wallaby', state: 'running', role: 'test' });
});
