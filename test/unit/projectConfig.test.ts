// Project configurations: the WALLABY example valid with its transforms' values, ADQL rendered as
// quoted literals, graph-patch expressions, problems at their YAML path, line and column, and YAML's
// limits (size, aliases, depth, tags, documents).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { parseTemplate, renderTemplate } from '../../core/domain/adql.js';
import { evaluate, parseExpression } from '../../core/domain/expressions.js';
import { graphName, type ProjectConfig } from '../../core/domain/projectConfig.js';
import { applyTransform } from '../../core/domain/transforms.js';
import { type Diagnostic, loadProjectYaml } from '../../schema/project/loadYaml.js';

const examplePath = fileURLToPath(
  new URL('../../../schema/examples/wallaby_hires.project.yaml', import.meta.url),
);
const example = readFileSync(examplePath, 'utf8');

const load = (text: string): ProjectConfig => {
  const r = loadProjectYaml(text);
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left, null, 2));
  return r.right;
};
const problems = (text: string): Diagnostic[] => {
  const r = loadProjectYaml(text);
  if (E.isRight(r)) throw new Error('expected problems');
  return r.left;
};

test('the WALLABY policy, written in our schema, is valid and keeps its settings', (t) => {
  const c = load(example);
  t.is(c.metadata.module, 'wallaby_hires');
  t.deepEqual(Object.keys(c.archives), ['casda', 'vizier']);
  t.is(c.archives['casda']!.timeout_seconds, 90);
  t.is(c.archives['vizier']!.auth, 'none', 'a default is filled in');
  t.is(c.automation.execution.max_sources_per_execution, 1);
  t.is(c.automation.execution.deployment_profile_name, 'slurm-remote');
  t.is(c.automation.discovery.every_minutes, 60, 'a default is filled in');
  t.deepEqual(c.discovery.required_flags, ['ra_dec_vsys_complete']);
  t.deepEqual(c.manifest.group_by, ['source_identifier', 'sbid']);
  t.is(c.graph_patches[0]!.set['num_of_copies'], '$count(sbids[].datasets[])');
  t.true(c.output_verification.required);
});

test('the WALLABY transforms give the values the reference policy expects', (t) => {
  const c = load(example);
  const tr = (name: string, v: unknown) => applyTransform(c.transforms, name, v);
  t.is(tr('hipass_source_name', 'HIPASSJ0001-23'), 'J0001-23');
  t.is(tr('normalized_sbid', 'ASKAP-34166'), '34166');
  t.is(tr('scan_id_from_did', 'ivo://casda/scan-105172-254939'), 'scan-105172-254939');
  t.is(tr('eval_prefix', 'ASKAP-34166'), 'calibration-metadata-processing-logs-SB34166_');
  t.false(tr('has_rows', []) as boolean);
  t.true(tr('has_rows', [{ HIPASS: 'J0001-23' }]) as boolean);
});

test('queries render typed values as quoted ADQL literals, never spliced', (t) => {
  const c = load(example);
  const q = c.discovery.queries[0]!;
  const { template } = parseTemplate(q.adql);
  const sql = renderTemplate(
    template,
    { source_identifier: 'string' },
    { source_identifier: "HIPASSJ0001-23' OR 1=1 --" },
  );
  t.true(sql.includes("filename LIKE 'HIPASSJ0001-23'' OR 1=1 --%'"));
  t.false(sql.includes('{'));
  const vizier = parseTemplate(c.discovery.queries[1]!.adql).template;
  t.regex(renderTemplate(vizier, {}, { source_name: 'J0001-23' }), /WHERE HIPASS = 'J0001-23'/);
  const ints = parseTemplate('SELECT * FROM t WHERE sbid = {sbid}').template;
  t.is(renderTemplate(ints, { sbid: 'integer' }, { sbid: '34166' }), 'SELECT * FROM t WHERE sbid = 34166');
  t.throws(() => renderTemplate(ints, { sbid: 'integer' }, { sbid: '1 OR 1=1' }), {
    message: /expected an integer/,
  });
  t.throws(() => renderTemplate(ints, { sbid: 'integer' }, {}), { message: /no value/ });
});

test('graph-patch expressions count and sum over the manifest', (t) => {
  const manifest = {
    sbids: [{ datasets: [{ filesize: 2 }, { filesize: 3 }] }, { datasets: [{ filesize: 5 }] }],
  };
  const count = parseExpression('$count(sbids[].datasets[])');
  const sum = parseExpression('$sum(sbids[].datasets[].filesize)');
  if (typeof count === 'string' || typeof sum === 'string') return t.fail('should parse');
  t.is(evaluate(count, manifest), 3);
  t.is(evaluate(sum, manifest), 10);
  t.is(typeof parseExpression('$count(sbids[]'), 'string');
});

const replaceIn = (from: string, to: string) => {
  t0(example.includes(from), from);
  return example.replace(from, to);
};
const t0 = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`the example no longer contains ${what}`);
};

test('a placeholder inside a quoted literal is refused at its line', (t) => {
  const text = replaceIn('WHERE HIPASS = {source_name}', "WHERE HIPASS = '{source_name}'");
  const [d] = problems(text);
  t.is(d!.code, 'reference');
  t.is(d!.path, 'discovery.queries.1.adql');
  t.regex(d!.message, /inside a quoted literal/);
  t.is(d!.line, text.split('\n').findIndex((l) => l.includes('- name: ra_dec_vsys')) + 3);
});

test('broken references are named with their YAML path, line and column', (t) => {
  const text = replaceIn('steps: [askap_sbid, trim]', 'steps: [askap_sbid, tirm]');
  const d = problems(text).find((x) => x.path === 'transforms.normalized_sbid.steps.1');
  t.truthy(d);
  t.is(d!.message, 'no transform named tirm');
  const line = text.split('\n').findIndex((l) => l.includes('tirm')) + 1;
  t.is(d!.line, line);
  t.true(d!.column > 1);
  const undeclared = problems(replaceIn('WHERE HIPASS = {source_name}', 'WHERE HIPASS = {sorce_name}'));
  t.true(undeclared.some((x) => /\{sorce_name\} is not a template variable/.test(x.message)));
});

test('schema errors point at the bad field', (t) => {
  const text = replaceIn('timeout_seconds: 90', 'timeout_seconds: ninety');
  const [d] = problems(text);
  t.is(d!.code, 'invalid');
  t.is(d!.path, 'archives.casda.timeout_seconds');
  t.is(d!.line, text.split('\n').findIndex((l) => l.includes('ninety')) + 1);
  const unknown = problems(
    replaceIn('  retries: 2\n    auth: archive', '  retries: 2\n    colour: red\n    auth: archive'),
  );
  t.true(unknown.some((x) => x.path === 'archives.casda.colour' && x.message === 'unknown field'));
});

test('a YAML syntax error is said once, at its own line and column', (t) => {
  // The example with a key that lost its colon, as a user's typo does it (Python's parser: 16:3).
  const lines = example.split('\n');
  const at = lines.indexOf('  vizier:');
  lines[at] = '  vizier';
  const p = problems(lines.join('\n'));
  t.is(p.length, 1, JSON.stringify(p));
  t.like(p[0], { code: 'yaml_syntax', line: at + 1, column: 3 });
  t.regex(
    p[0]!.message,
    /^Implicit keys need to be on a single line \(and \d+ more after it, which may follow from it\)$/,
  );
  t.deepEqual(problems('a: 1\nb: c: d\n'), [
    {
      path: '',
      line: 2,
      column: 4,
      code: 'yaml_syntax',
      message: 'Nested mappings are not allowed in compact mappings',
    },
  ]);
});

test('YAML is bounded: syntax, size, alias bombs, depth, custom tags and extra documents', (t) => {
  t.is(problems('a: [1, 2\nb: c')[0]!.code, 'yaml_syntax');
  t.is(problems(`a: "${'x'.repeat(300 * 1024)}"`)[0]!.code, 'too_large');
  const bomb = [
    'a: &a [x, x, x, x, x, x, x, x, x]',
    ...Array.from({ length: 8 }, (_, i) => {
      const p = String.fromCharCode(97 + i);
      const n = String.fromCharCode(98 + i);
      return `${n}: &${n} [*${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}]`;
    }),
  ].join('\n');
  t.is(problems(bomb)[0]!.code, 'aliases');
  t.is(
    problems(
      `${'a:\n '.repeat(1)}${Array.from({ length: 40 }, () => '[').join('')}${Array.from({ length: 40 }, () => ']').join('')}`,
    )[0]!.code,
    'too_deep',
  );
  t.is(problems('a: !python/object x')[0]!.code, 'custom_tag');
  t.is(problems('a: 1\n---\nb: 2')[0]!.code, 'multiple_documents');
  t.is(problems('a: 1\na: 2')[0]!.code, 'yaml_syntax', 'duplicate keys are an error');
});

test("a graph's name is its file's, never a URL's query or host", (t) => {
  const sha256 = 'a'.repeat(64);
  t.is(graphName({ path: 'wallaby/WALLABY_hires.graph', sha256 }), 'WALLABY_hires.graph');
  t.is(
    graphName({ url: 'https://graphs.example.org/eagle/Hello.graph?token=SECRET#x', sha256 }),
    'Hello.graph',
  );
  t.is(graphName({ url: 'https://graphs.example.org/', sha256 }), `graph ${'a'.repeat(12)}`);
});
