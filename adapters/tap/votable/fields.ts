/**
 * VOTable FIELD and PARAM descriptions (VOTable 1.4, section 4): the primitive datatypes, array
 * shapes and null markers a reader needs to turn TABLEDATA text or BINARY/BINARY2 bytes into values.
 */
export type Datatype =
  | 'boolean'
  | 'bit'
  | 'unsignedByte'
  | 'short'
  | 'int'
  | 'long'
  | 'char'
  | 'unicodeChar'
  | 'float'
  | 'double'
  | 'floatComplex'
  | 'doubleComplex';

const datatypes: readonly Datatype[] = [
  'boolean',
  'bit',
  'unsignedByte',
  'short',
  'int',
  'long',
  'char',
  'unicodeChar',
  'float',
  'double',
  'floatComplex',
  'doubleComplex',
];

/** How many values a cell holds: one, a fixed count, or a variable count (with an optional bound). */
export type Shape =
  | { readonly kind: 'scalar' }
  | { readonly kind: 'fixed'; readonly count: number; readonly dims: readonly number[] }
  | { readonly kind: 'variable'; readonly max: number | null; readonly dims: readonly number[] };

export interface Field {
  readonly name: string;
  readonly id?: string;
  readonly datatype: Datatype;
  readonly arraysize?: string;
  readonly shape: Shape;
  readonly unit?: string;
  readonly ucd?: string;
  readonly utype?: string;
  readonly xtype?: string;
  /** `VALUES null="…"`: the value that stands for null (integers mostly). */
  readonly nullText?: string;
}

export class VoTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VoTableError';
  }
}

/** Largest number of values a fixed-size cell may declare (a guard against absurd arraysize). */
const maxFixedValues = 1 << 20;

/**
 * Parses `arraysize`: absent is a scalar; `10` fixed; `*` or `10*` variable; `2x3`, `2x*` more
 * dimensions (only the last may vary). Values are read flat, row-major as the standard stores them.
 */
export const parseArraysize = (arraysize: string | undefined, what: string): Shape => {
  if (arraysize === undefined || arraysize.trim() === '') return { kind: 'scalar' };
  const parts = arraysize.trim().split('x');
  const dims: number[] = [];
  for (const [i, p] of parts.entries()) {
    const last = i === parts.length - 1;
    const m = /^(\d+)?(\*)?$/.exec(p);
    if (!m || (!m[1] && !m[2]) || (m[2] && !last))
      throw new VoTableError(`${what}: arraysize "${arraysize}" is not valid`);
    if (m[2]) {
      const inner = dims.reduce((a, b) => a * b, 1);
      return { kind: 'variable', max: m[1] ? Number(m[1]) * inner : null, dims };
    }
    dims.push(Number(m[1]));
  }
  const count = dims.reduce((a, b) => a * b, 1);
  if (count > maxFixedValues) throw new VoTableError(`${what}: arraysize "${arraysize}" is too large`);
  // arraysize="1" is a one-element array in the standard; read it as a scalar like every client does.
  return count === 1 && dims.length === 1 ? { kind: 'scalar' } : { kind: 'fixed', count, dims };
};

export const toField = (attrs: Readonly<Record<string, string>>, nullText: string | undefined): Field => {
  const name = attrs['name'] ?? attrs['ID'] ?? '';
  if (!name) throw new VoTableError('a FIELD without name or ID');
  const datatype = attrs['datatype'] as Datatype | undefined;
  if (!datatype || !datatypes.includes(datatype))
    throw new VoTableError(`FIELD ${name}: unknown datatype "${attrs['datatype'] ?? ''}"`);
  const optional = (k: string, as = k) => (attrs[k] !== undefined ? { [as]: attrs[k] } : {});
  return {
    name,
    datatype,
    shape: parseArraysize(attrs['arraysize'], `FIELD ${name}`),
    ...optional('ID', 'id'),
    ...optional('arraysize'),
    ...optional('unit'),
    ...optional('ucd'),
    ...optional('utype'),
    ...optional('xtype'),
    ...(nullText !== undefined ? { nullText } : {}),
  };
};

export const isCharType = (t: Datatype) => t === 'char' || t === 'unicodeChar';
export const isComplex = (t: Datatype) => t === 'floatComplex' || t === 'doubleComplex';
export const isFloating = (t: Datatype) => t === 'float' || t === 'double';
