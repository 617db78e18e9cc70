// The shipped Grafana dashboard and Prometheus rules read only series surveyor exports: a metric
// renamed or dropped fails here, not on an operator's empty graph. (promtool checks the rules'
// syntax in scripts/test.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { Metrics } from '../../adapters/metrics/registry.js';
import type { SurveyorPorts } from '../../core/app/ports.js';
import { registerGauges } from '../../hosts/composition/metricGauges.js';

const dir = fileURLToPath(new URL('../../../docs/monitoring/', import.meta.url));

/** Every family a process exports (the gauges read nothing until a scrape). */
const exported = () => {
  const m = new Metrics('test');
  registerGauges(m, {} as SurveyorPorts);
  return new Set(m.registry.getMetricsAsArray().map((x) => x.name));
};

/** The surveyor series an expression reads, as families (a histogram's _bucket is its family). */
const seriesIn = (expr: string) =>
  [...expr.matchAll(/\bsurveyor_[a-z_]+/g)].map((x) => x[0].replace(/_(bucket|sum|count)$/, ''));

test('every series the dashboard reads is one surveyor exports', (t) => {
  const dash = JSON.parse(readFileSync(`${dir}dashboard.json`, 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const names = exported();
  t.true(dash.panels.length >= 8);
  for (const p of dash.panels) {
    t.true(p.targets.length > 0, p.title);
    for (const target of p.targets)
      for (const s of seriesIn(target.expr)) t.true(names.has(s), `${p.title}: ${s} is not exported`);
  }
  for (const wanted of [
    'surveyor_runs_ended_total',
    'surveyor_run_duration_seconds',
    'surveyor_job_duration_seconds',
  ])
    t.true(
      dash.panels.some((p) => p.targets.some((x) => seriesIn(x.expr).includes(wanted))),
      `the dashboard graphs ${wanted}`,
    );
});

test('every series the alerting rules read is one surveyor exports', (t) => {
  const rules = readFileSync(`${dir}alerts.rules.yml`, 'utf8');
  const names = exported();
  const read = [...new Set(seriesIn(rules))];
  t.true(read.length >= 4, read.join(' '));
  for (const s of read) t.true(names.has(s), `${s} is not exported`);
});
