/**
 * W3C PROV documents as data (PROV-JSON, https://www.w3.org/submissions/prov-json/), built by
 * `ProvBuilder` and written as PROV-N (https://www.w3.org/TR/prov-n/) by `provN`. Hand-written:
 * the npm registry has no maintained PROV library, and the two serialisations are small.
 */

/** A typed value: a qualified name (`prov:type`) or a dateTime; plain strings and numbers go as they are. */
export interface ProvTyped {
  readonly $: string;
  readonly type: 'prov:QUALIFIED_NAME' | 'xsd:dateTime';
}
export type ProvValue = string | number | boolean | ProvTyped;
export type ProvAttributes = Readonly<Record<string, ProvValue>>;

/** The relations we write, with their PROV-JSON argument names in PROV-N's order. */
export const relationArgs = {
  wasGeneratedBy: ['prov:entity', 'prov:activity', 'prov:time'],
  used: ['prov:activity', 'prov:entity', 'prov:time'],
  wasInformedBy: ['prov:informed', 'prov:informant'],
  wasAssociatedWith: ['prov:activity', 'prov:agent', 'prov:plan'],
  wasAttributedTo: ['prov:entity', 'prov:agent'],
  wasDerivedFrom: ['prov:generatedEntity', 'prov:usedEntity'],
  actedOnBehalfOf: ['prov:delegate', 'prov:responsible', 'prov:activity'],
  hadMember: ['prov:collection', 'prov:entity'],
} as const;
export type ProvRelation = keyof typeof relationArgs;

export interface ProvDocument {
  readonly prefix: Readonly<Record<string, string>>;
  readonly entity: Readonly<Record<string, ProvAttributes>>;
  readonly activity: Readonly<Record<string, ProvAttributes>>;
  readonly agent: Readonly<Record<string, ProvAttributes>>;
  readonly [relation: string]: Readonly<Record<string, ProvAttributes | string>>;
}

export const qualified = (name: string): ProvTyped => ({ $: name, type: 'prov:QUALIFIED_NAME' });
export const dateTime = (d: Date): ProvTyped => ({ $: d.toISOString(), type: 'xsd:dateTime' });

/** A path segment safe in a PROV-N local name and a URI: anything but [A-Za-z0-9._-] percent-encoded. */
export const segment = (s: string): string =>
  /^[A-Za-z0-9._-]*$/.test(s)
    ? s
    : Array.from(new TextEncoder().encode(s))
        .map((b) => {
          const c = String.fromCharCode(b);
          return /[A-Za-z0-9._-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
        })
        .join('');

/** Collects records; each element is declared once (later attributes merge into it), relations once each. */
export class ProvBuilder {
  private readonly elements = {
    entity: new Map<string, Record<string, ProvValue>>(),
    activity: new Map<string, Record<string, ProvValue>>(),
    agent: new Map<string, Record<string, ProvValue>>(),
  };
  private readonly relations = new Map<ProvRelation, Map<string, Record<string, string>>>();
  /** Each relation's arguments as written, to keep one of each (a set: an execution may name thousands). */
  private readonly seen = new Set<string>();
  private next = 0;

  constructor(private readonly prefixes: Readonly<Record<string, string>>) {}

  private element(kind: 'entity' | 'activity' | 'agent', id: string, attrs: ProvAttributes) {
    this.elements[kind].set(id, { ...this.elements[kind].get(id), ...attrs });
    return id;
  }
  entity(id: string, attrs: ProvAttributes = {}) {
    return this.element('entity', id, attrs);
  }
  activity(id: string, attrs: ProvAttributes = {}) {
    return this.element('activity', id, attrs);
  }
  agent(id: string, attrs: ProvAttributes = {}) {
    return this.element('agent', id, attrs);
  }

  /** A relation by its arguments in PROV-N's order (`null` leaves an optional one out). */
  relate(kind: ProvRelation, ...args: (string | null)[]) {
    const names = relationArgs[kind];
    const record: Record<string, string> = {};
    args.forEach((a, i) => {
      if (a !== null && names[i] !== undefined) record[names[i]] = a;
    });
    const key = `${kind}\n${JSON.stringify(record)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const byKind = this.relations.get(kind) ?? new Map<string, Record<string, string>>();
    byKind.set(`_:r${++this.next}`, record);
    this.relations.set(kind, byKind);
  }

  document(): ProvDocument {
    const doc: Record<string, unknown> = {
      prefix: this.prefixes,
      entity: Object.fromEntries(this.elements.entity),
      activity: Object.fromEntries(this.elements.activity),
      agent: Object.fromEntries(this.elements.agent),
    };
    for (const [kind, records] of this.relations) doc[kind] = Object.fromEntries(records);
    return doc as ProvDocument;
  }
}

const literal = (v: ProvValue): string => {
  if (typeof v === 'object')
    return v.type === 'prov:QUALIFIED_NAME' ? `'${v.$}'` : `"${v.$}" %% xsd:dateTime`;
  if (typeof v === 'number') return Number.isInteger(v) ? `"${v}" %% xsd:long` : `"${v}" %% xsd:double`;
  if (typeof v === 'boolean') return `"${v}" %% xsd:boolean`;
  return JSON.stringify(v);
};

const attributes = (a: ProvAttributes, skip: readonly string[] = []): string => {
  const list = Object.entries(a).filter(([k]) => !skip.includes(k));
  return list.length === 0 ? '' : `, [${list.map(([k, v]) => `${k}=${literal(v)}`).join(', ')}]`;
};

const timeOf = (a: ProvAttributes, key: string): string => {
  const v = a[key];
  return v === undefined ? '-' : typeof v === 'object' ? v.$ : String(v);
};

/** The document in PROV-N, records in the order PROV-JSON holds them. */
export const provN = (d: ProvDocument): string => {
  const lines = ['document'];
  for (const [p, uri] of Object.entries(d.prefix)) lines.push(`  prefix ${p} <${uri}>`);
  for (const [id, a] of Object.entries(d.entity)) lines.push(`  entity(${id}${attributes(a)})`);
  for (const [id, a] of Object.entries(d.activity))
    lines.push(
      `  activity(${id}, ${timeOf(a, 'prov:startTime')}, ${timeOf(a, 'prov:endTime')}${attributes(a, ['prov:startTime', 'prov:endTime'])})`,
    );
  for (const [id, a] of Object.entries(d.agent)) lines.push(`  agent(${id}${attributes(a)})`);
  for (const kind of Object.keys(relationArgs) as ProvRelation[]) {
    const names = relationArgs[kind];
    for (const r of Object.values(d[kind] ?? {}) as Record<string, string>[]) {
      // Optional arguments are written as '-'; trailing ones of a relation without them too.
      const args = names.map((n) => r[n] ?? '-');
      lines.push(`  ${kind}(${args.join(', ')})`);
    }
  }
  lines.push('endDocument', '');
  return lines.join('\n');
};
