import { compilePattern } from './safeRegex.js';
import type { FieldIssue } from '../errors.js';
import { parseTemplate } from './adql.js';
import { isExpression, parseExpression } from './expressions.js';
import type { DiscoveryQuery, ProjectConfig } from './projectConfig.js';
import { checkTransforms } from './transforms.js';

/** The reserved names a source query may use besides its template variables. */
const sourceBuiltins = ['source_identifier'];

const checkQuery = (
  q: DiscoveryQuery,
  at: string,
  config: ProjectConfig,
  allowed: ReadonlySet<string>,
  allowedWhat: string,
): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  if (!config.archives[q.archive])
    issues.push({ path: `${at}.archive`, message: `no archive named ${q.archive}` });
  const { template, issues: syntax } = parseTemplate(q.adql);
  issues.push(...syntax.map((i) => ({ path: `${at}.adql`, message: i.message })));
  for (const name of template.names)
    if (!allowed.has(name)) issues.push({ path: `${at}.adql`, message: `{${name}} is not ${allowedWhat}` });
  const uploaded = q.batch?.via === 'upload';
  for (const p of Object.keys(q.parameters)) {
    if (uploaded && !allowed.has(p))
      issues.push({ path: `${at}.parameters.${p}`, message: `is not ${allowedWhat}` });
    if (!uploaded && !template.names.includes(p))
      issues.push({ path: `${at}.parameters.${p}`, message: 'is declared but not used in the ADQL' });
  }
  issues.push(...checkBatch(q, at, template.parts));
  return issues;
};

const hasUploadTable = (adql: string) => /\bTAP_UPLOAD\s*\.\s*"?sources"?\b/i.test(adql);

/** A batch query's placeholders and its way back to each source must fit together. */
const checkBatch = (
  q: DiscoveryQuery,
  at: string,
  parts: ReturnType<typeof parseTemplate>['template']['parts'],
) => {
  const issues: FieldIssue[] = [];
  const modes = parts.flatMap((p) => ('name' in p ? [p] : []));
  const b = q.batch;
  if (!b) {
    for (const p of modes)
      if (p.mode === 'in_list')
        issues.push({
          path: `${at}.adql`,
          message: `{${p.name}:in_list} belongs to a batch query (batch: {via: in_list})`,
        });
    return issues;
  }
  if (b.via === 'in_list') {
    if (!modes.some((p) => p.mode === 'in_list'))
      issues.push({ path: `${at}.adql`, message: 'a batch via in_list needs an {name:in_list} placeholder' });
    for (const p of modes)
      if (p.mode !== 'in_list')
        issues.push({
          path: `${at}.adql`,
          message: `{${p.name}${p.mode === 'literal' ? '' : `:${p.mode}`}} has one value per source; a batch query takes {${p.name}:in_list}`,
        });
    if (!b.match)
      issues.push({
        path: `${at}.batch.match`,
        message: 'is required for in_list: which column carries which parameter',
      });
    else if (!modes.some((p) => p.name === b.match!.parameter))
      issues.push({
        path: `${at}.batch.match.parameter`,
        message: `{${b.match.parameter}:in_list} is not in the ADQL`,
      });
  } else {
    if (modes.length > 0)
      issues.push({
        path: `${at}.adql`,
        message: 'a batch via upload takes its values from TAP_UPLOAD.sources, not placeholders',
      });
    if (!hasUploadTable(q.adql))
      issues.push({ path: `${at}.adql`, message: 'a batch via upload must read TAP_UPLOAD.sources' });
    if (Object.keys(q.parameters).length === 0)
      issues.push({ path: `${at}.parameters`, message: 'name the values to upload (one column each)' });
    if (b.match && b.match.column !== 'surveyor_key')
      issues.push({
        path: `${at}.batch.match`,
        message: 'an upload batch comes back by surveyor_key; leave match out',
      });
  }
  return issues;
};

const checkTransformRef = (config: ProjectConfig, name: string | undefined, path: string): FieldIssue[] =>
  name !== undefined && !config.transforms[name] ? [{ path, message: `no transform named ${name}` }] : [];

/**
 * The rules of a project configuration that a codec cannot express: references between its parts,
 * ADQL placeholders, expressions. Paths are YAML paths, so diagnostics point at the right line.
 */
export const validateProjectConfig = (c: ProjectConfig): FieldIssue[] => {
  const issues: FieldIssue[] = [...checkTransforms(c.transforms)];
  if (c.source_identity.pattern !== undefined) {
    const re = compilePattern(c.source_identity.pattern);
    if (typeof re === 'string')
      issues.push({
        path: 'source_identity.pattern',
        message: `not a regular expression (RE2 syntax): ${re}`,
      });
  }
  for (const [name, v] of Object.entries(c.source_identity.template_vars)) {
    if (v.from !== 'canonical')
      issues.push({
        path: `source_identity.template_vars.${name}.from`,
        message: 'must be canonical (the source identifier)',
      });
    issues.push(...checkTransformRef(c, v.transform, `source_identity.template_vars.${name}.transform`));
  }

  const d = c.discovery;
  const sourceVars = new Set([...sourceBuiltins, ...Object.keys(c.source_identity.template_vars)]);
  const names = new Set<string>();
  d.queries.forEach((q, i) => {
    if (names.has(q.name))
      issues.push({ path: `discovery.queries.${i}.name`, message: `a second query named ${q.name}` });
    names.add(q.name);
    issues.push(
      ...checkQuery(q, `discovery.queries.${i}`, c, sourceVars, 'a template variable of source_identity'),
    );
  });
  if (!names.has(d.datasets_from))
    issues.push({ path: 'discovery.datasets_from', message: `no query named ${d.datasets_from}` });
  const datasetVars = new Set([...sourceVars, ...Object.keys(d.field_map)]);
  d.enrichments.forEach((q, i) => {
    if (names.has(q.name))
      issues.push({ path: `discovery.enrichments.${i}.name`, message: `the name ${q.name} is taken` });
    names.add(q.name);
    issues.push(
      ...checkQuery(
        q,
        `discovery.enrichments.${i}`,
        c,
        datasetVars,
        'a template variable or a field_map field',
      ),
    );
  });
  for (const [field, rule] of Object.entries(d.field_map))
    issues.push(...checkTransformRef(c, rule.transform, `discovery.field_map.${field}.transform`));
  for (const [flag, rule] of Object.entries(d.discovery_flags)) {
    issues.push(...checkTransformRef(c, rule.transform, `discovery.discovery_flags.${flag}.transform`));
    const [scope, ref] = rule.from.split('.', 2);
    if ((scope === 'queries' || scope === 'enrichments') && !names.has(ref ?? ''))
      issues.push({ path: `discovery.discovery_flags.${flag}.from`, message: `no query named ${ref}` });
  }
  d.required_flags.forEach((f, i) => {
    if (!d.discovery_flags[f])
      issues.push({ path: `discovery.required_flags.${i}`, message: `no discovery flag named ${f}` });
  });
  c.manifest.group_by.forEach((g, i) => {
    if (!d.field_map[g] && !sourceBuiltins.includes(g))
      issues.push({ path: `manifest.group_by.${i}`, message: `${g} is not a field_map field` });
  });
  if ((c.graph.path === undefined) === (c.graph.url === undefined))
    issues.push({ path: 'graph', message: 'give exactly one of path and url' });
  c.graph_patches.forEach((p, i) => {
    for (const [k, v] of Object.entries(p.set))
      if (isExpression(v)) {
        const e = parseExpression(v);
        if (typeof e === 'string') issues.push({ path: `graph_patches.${i}.set.${k}`, message: e });
      }
  });
  const ex = c.automation.execution;
  if (ex.archive_name !== undefined && !c.archives[ex.archive_name])
    issues.push({
      path: 'automation.execution.archive_name',
      message: `no archive named ${ex.archive_name}`,
    });
  if (ex.enabled && ex.archive_name === undefined)
    issues.push({
      path: 'automation.execution.archive_name',
      message: 'is required when automated execution is enabled',
    });
  return issues;
};
