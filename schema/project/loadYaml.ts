import * as E from 'fp-ts/lib/Either.js';
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node,
  type YAMLError,
  type YAMLWarning,
} from 'yaml';
import type { ProjectConfig } from '../../core/domain/projectConfig.js';
import { valueProblem } from '../../core/domain/jsonValues.js';
import { validateProjectConfig } from '../../core/domain/validateProjectConfig.js';
import { toIssues } from '../decode.js';
import { asProjectConfig, ProjectConfigCodec } from './config.js';

export interface Diagnostic {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  /** yaml_syntax, too_large, too_deep, aliases, custom_tag, multiple_documents, invalid, reference */
  readonly code: string;
  readonly message: string;
}

export const yamlLimits = { maxBytes: 256 * 1024, maxAliasCount: 20, maxDepth: 32 } as const;

/** Keys that appear twice in one mapping, with where the second is; a set per mapping, so linear. */
const duplicateKeys = (doc: Document, lc: LineCounter): Diagnostic[] => {
  const out: Diagnostic[] = [];
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0 && out.length < 20) {
    const n = stack.pop();
    if (isSeq(n)) for (const item of n.items) stack.push(item); // no spread: a sequence may be long
    if (!isMap(n)) continue;
    const seen = new Set<string>();
    for (const pair of n.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : JSON.stringify(pair.key);
      if (seen.has(key)) {
        const range = (pair.key as { range?: [number, number, number] } | null)?.range;
        const pos = range ? lc.linePos(range[0]) : { line: 1, col: 1 };
        out.push({
          path: '',
          line: pos.line,
          column: pos.col,
          code: 'yaml_syntax',
          message: `the key ${key} appears twice in one mapping`,
        });
      }
      seen.add(key);
      stack.push(pair.value);
    }
  }
  return out;
};

/** The line and column of the node at `path`, or of its nearest ancestor that exists. */
const positionOf = (doc: Document, lc: LineCounter, path: string): { line: number; column: number } => {
  const segs = path === '' || path === '(body)' ? [] : path.split('.');
  for (let n = segs.length; n >= 0; n--) {
    const keys = segs.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const node = (keys.length === 0 ? doc.contents : doc.getIn(keys, true)) as Node | undefined;
    if (node && (node as { range?: [number, number, number] }).range) {
      const range = (node as { range: [number, number, number] }).range;
      const pos = lc.linePos(range[0]);
      return { line: pos.line, column: pos.col };
    }
    // A missing key: point at its parent mapping's key when we can.
    if (n > 0 && keys.length > 0) {
      const parent = (keys.length === 1 ? doc.contents : doc.getIn(keys.slice(0, -1), true)) as
        | Node
        | undefined;
      if (parent && (isMap(parent) || isSeq(parent)) && parent.range) {
        const pos = lc.linePos(parent.range[0]);
        return { line: pos.line, column: pos.col };
      }
    }
  }
  return { line: 1, column: 1 };
};

/**
 * Parses and validates a project configuration: bounded YAML (size, aliases, depth; one document;
 * no custom tags), then the codec, then the rules across its parts. Every problem comes back with
 * its YAML path, line and column.
 */
export const loadProjectYaml = (text: string): E.Either<Diagnostic[], ProjectConfig> => {
  const at1 = { path: '', line: 1, column: 1 };
  if (Buffer.byteLength(text, 'utf8') > yamlLimits.maxBytes)
    return E.left([{ ...at1, code: 'too_large', message: `larger than ${yamlLimits.maxBytes} bytes` }]);
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const before = text.slice(0, nul).split('\n');
    return E.left([
      {
        path: '',
        line: before.length,
        column: before.at(-1)!.length + 1,
        code: 'invalid',
        message: 'contains a NUL character',
      },
    ]);
  }
  const lc = new LineCounter();
  const docs = parseAllDocuments(text, {
    lineCounter: lc,
    // The library's own check compares every key with every other (51,664 keys took 40 s); ours,
    // duplicateKeys below, uses a set.
    uniqueKeys: false,
    schema: 'core',
    prettyErrors: false,
  });
  if (!Array.isArray(docs)) return E.left([{ ...at1, code: 'yaml_syntax', message: 'no YAML document' }]);
  if (docs.length !== 1)
    return E.left([
      { ...at1, code: 'multiple_documents', message: `expected one YAML document, found ${docs.length}` },
    ]);
  const doc = docs[0]!;
  const problems: Diagnostic[] = [];
  // The parser gives each problem's offset (`pos`; `linePos` only with its pretty errors, which
  // rewrite the message): its line and column come from the line counter. One problem is often
  // reported several times over, by each construct it breaks: each is said once.
  const said = new Set<string>();
  const add = (e: YAMLError | YAMLWarning, d: Omit<Diagnostic, 'line' | 'column' | 'path'>) => {
    const pos = e.linePos?.[0] ?? (e.pos ? lc.linePos(e.pos[0]) : { line: 1, col: 1 });
    const key = `${pos.line}:${pos.col}:${d.code}:${d.message}`;
    if (said.has(key)) return;
    said.add(key);
    problems.push({ path: '', line: pos.line, column: pos.col, ...d });
  };
  // A syntax error throws the parser off for what follows (one key without its colon gave seven):
  // the first is the one to fix, and the others are counted.
  const [first, ...after] = doc.errors;
  if (first) {
    const more = after.length > 0 ? ` (and ${after.length} more after it, which may follow from it)` : '';
    add(first, { code: 'yaml_syntax', message: `${first.message.split('\n')[0]!}${more}` });
  }
  for (const w of doc.warnings) {
    const tag = w.code === 'TAG_RESOLVE_FAILED' || /tag/i.test(w.message);
    add(w, {
      code: tag ? 'custom_tag' : 'yaml_syntax',
      message: tag ? 'custom YAML tags are not allowed' : w.message.split('\n')[0]!,
    });
  }
  problems.push(...duplicateKeys(doc, lc));
  if (problems.length > 0) return E.left(problems);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: yamlLimits.maxAliasCount });
  } catch (err) {
    return E.left([{ ...at1, code: 'aliases', message: (err as Error).message.split('\n')[0]! }]);
  }
  const problem = valueProblem(value, yamlLimits.maxDepth);
  if (problem)
    return E.left([
      problem.message.startsWith('nested deeper')
        ? { ...at1, code: 'too_deep', message: problem.message }
        : {
            ...positionOf(doc, lc, problem.path),
            path: problem.path,
            code: 'invalid',
            message: problem.message,
          },
    ]);
  const decoded = ProjectConfigCodec.decode(value);
  if (E.isLeft(decoded))
    return E.left(
      toIssues(decoded.left).map((i) => ({
        ...positionOf(doc, lc, i.path),
        path: i.path,
        code: 'invalid',
        message: i.message,
      })),
    );
  const config = asProjectConfig(decoded.right);
  const semantic = validateProjectConfig(config);
  if (semantic.length > 0)
    return E.left(
      semantic.map((i) => ({
        ...positionOf(doc, lc, i.path),
        path: i.path,
        code: 'reference',
        message: i.message,
      })),
    );
  return E.right(config);
};

/**
 * The line and column of the value at each path of a configuration's text (or of its nearest
 * ancestor), for problems found after loading it (its graph's, say).
 */
export const locateIn = (text: string): ((path: string) => { line: number; column: number }) => {
  const lc = new LineCounter();
  const doc = parseAllDocuments(text, { lineCounter: lc })[0];
  return (path) =>
    doc && !('errors' in doc && doc.errors.length > 0)
      ? positionOf(doc as Document, lc, path)
      : { line: 1, column: 1 };
};

export const formatDiagnostic = (file: string, d: Diagnostic): string =>
  `${file}:${d.line}:${d.column}: ${d.code}: ${d.path ? `${d.path}: ` : ''}${d.message}`;
