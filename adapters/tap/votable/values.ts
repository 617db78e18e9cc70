import { type Field, isCharType, isComplex, isFloating, VoTableError } from './fields.js';

/**
 * How cell values are represented, whatever the serialization (TABLEDATA, BINARY, BINARY2), so
 * that the same table reads the same from all three:
 * - unsignedByte, short, int: numbers; long: a number when it is a safe integer, else its decimal text;
 * - float, double: numbers; a scalar NaN is null (BINARY's null for floating point);
 * - floatComplex, doubleComplex: `[re, im]`; a pair with a NaN part is null;
 * - an integer element written `NaN` in TABLEDATA is null (astropy writes masked elements of
 *   integer arrays that way);
 * - boolean: true, false or null; bit: booleans;
 * - char, unicodeChar: a string, trailing NULs removed; an empty string is null (TABLEDATA and
 *   BINARY cannot tell them apart); with two or more dimensions, an array of strings;
 * - other arrays: flat arrays of the above, row-major (the first dimension varies fastest); an
 *   empty array, or one whose every element is null or NaN, is null (TABLEDATA cannot tell an
 *   empty array from null, and all-NaN is BINARY's null for a fixed-size array);
 * - float values read from text are rounded to 32 bits, as the binary ones are;
 * - a value equal to the field's `VALUES null` is null (also inside arrays).
 */
export type Value = null | boolean | number | string | Value[];

export const fromBigInt = (v: bigint): number | string =>
  v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();

/** The field's null marker, parsed like a value of its type (null when it has none). */
export const nullMarker = (f: Field): number | string | null => {
  if (f.nullText === undefined || isCharType(f.datatype)) return null;
  const t = f.nullText.trim();
  if (isFloating(f.datatype) || isComplex(f.datatype)) {
    const n = parseFloatText(t);
    return Number.isNaN(n) ? null : n;
  }
  try {
    return fromBigInt(parseIntText(t));
  } catch {
    return null;
  }
};

export const parseIntText = (t: string): bigint => {
  const s = t.trim();
  if (!/^[+-]?(\d+|0[xX][0-9a-fA-F]+)$/.test(s)) throw new VoTableError(`"${t}" is not an integer`);
  const neg = s.startsWith('-');
  const body = s.replace(/^[+-]/, '');
  const v = BigInt(body);
  return neg ? -v : v;
};

export const parseFloatText = (t: string): number => {
  const s = t.trim();
  switch (s.toLowerCase()) {
    case 'nan':
      return Number.NaN;
    case '+inf':
    case 'inf':
    case '+infinity':
    case 'infinity':
      return Number.POSITIVE_INFINITY;
    case '-inf':
    case '-infinity':
      return Number.NEGATIVE_INFINITY;
  }
  const n = Number(s);
  if (s === '' || Number.isNaN(n)) throw new VoTableError(`"${t}" is not a number`);
  return n;
};

/** Turns a flat list of char cells into the field's value: one string, or strings per first dimension. */
export const charValue = (f: Field, text: string): Value => {
  const trimmed = text.replace(/\0+$/, '');
  if (f.nullText !== undefined && trimmed === f.nullText) return null;
  const dims = f.shape.kind === 'scalar' ? [] : f.shape.dims;
  const rank = dims.length + (f.shape.kind === 'variable' ? 1 : 0);
  if (rank <= 1) return trimmed === '' ? null : trimmed;
  const width = dims[0]!;
  const out: Value[] = [];
  for (let i = 0; i < text.length; i += width) {
    const s = text.slice(i, i + width).replace(/\0+$/, '');
    out.push(s === '' ? null : s);
  }
  return out;
};

/** Applies the null rules to one decoded element of a numeric field. */
export const numericElement = (v: number | string, marker: number | string | null, scalar: boolean): Value =>
  marker !== null && v === marker ? null : scalar && typeof v === 'number' && Number.isNaN(v) ? null : v;

/** Groups a flat list of complex parts into `[re, im]` pairs. */
export const complexPairs = (parts: number[]): Value[] => {
  if (parts.length % 2 !== 0) throw new VoTableError('a complex value without its imaginary part');
  const out: Value[] = [];
  for (let i = 0; i < parts.length; i += 2) out.push([parts[i]!, parts[i + 1]!]);
  return out;
};

/**
 * A complex cell from its flat parts: a pair with a NaN part is null (BINARY's null for a complex
 * value, which writers put in the real part, the imaginary, or both; TABLEDATA writes it as text).
 */
export const complexValue = (parts: number[], scalar: boolean): Value => {
  const pairs = complexPairs(parts).map((p) =>
    Array.isArray(p) && p.some((x) => typeof x === 'number' && Number.isNaN(x)) ? null : p,
  );
  return scalar ? (pairs[0] ?? null) : arrayValue(pairs);
};

/** An array cell: null when empty or when every element is null or NaN (see above). */
export const arrayValue = (elements: Value[]): Value =>
  elements.every((x) => x === null || (typeof x === 'number' && Number.isNaN(x))) ? null : elements;
