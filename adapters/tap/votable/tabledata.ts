import { type Field, isCharType, isComplex, isFloating, VoTableError } from './fields.js';
import {
  arrayValue,
  charValue,
  complexValue,
  fromBigInt,
  nullMarker,
  numericElement,
  parseFloatText,
  parseIntText,
  type Value,
} from './values.js';

const trueText = new Set(['t', 'true', '1']);
const falseText = new Set(['f', 'false', '0']);

const booleanOf = (t: string): boolean | null => {
  const s = t.trim().toLowerCase();
  if (trueText.has(s)) return true;
  if (falseText.has(s)) return false;
  if (s === '' || s === '?') return null;
  throw new VoTableError(`"${t}" is not a boolean`);
};

/** Decodes TABLEDATA cells (`<TD>` text) of one field, with its null marker parsed once. */
export const tabledataDecoder = (f: Field): ((text: string) => Value) => {
  if (isCharType(f.datatype)) return (text) => charValue(f, text);
  const marker = nullMarker(f);
  const scalar = f.shape.kind === 'scalar';
  const fail = (text: string, err: unknown): never => {
    throw new VoTableError(`FIELD ${f.name}: ${(err as Error).message ?? text}`);
  };
  if (f.datatype === 'boolean') {
    return (text) => {
      try {
        if (scalar) return booleanOf(text);
        return text.trim() === '' ? null : arrayValue(text.trim().split(/\s+/).map(booleanOf));
      } catch (e) {
        return fail(text, e);
      }
    };
  }
  if (f.datatype === 'bit') {
    return (text) => {
      const bits = text.replace(/\s+/g, '');
      if (bits === '') return null;
      if (!/^[01]+$/.test(bits)) return fail(text, new Error(`"${text}" is not a bit string`));
      const out = [...bits].map((b) => b === '1');
      return scalar ? out[0]! : arrayValue(out);
    };
  }
  const floating = isFloating(f.datatype) || isComplex(f.datatype);
  const single = f.datatype === 'float' || f.datatype === 'floatComplex';
  // An integer written NaN is a masked element (astropy writes them so): null.
  const one = (t: string): number | string | null =>
    floating
      ? single
        ? Math.fround(parseFloatText(t))
        : parseFloatText(t)
      : t.toLowerCase() === 'nan'
        ? null
        : fromBigInt(parseIntText(t));
  return (text) => {
    const s = text.trim();
    if (s === '') return null;
    try {
      const parts = s.split(/\s+/).map(one);
      if (isComplex(f.datatype)) return complexValue(parts as number[], scalar);
      if (scalar) {
        if (parts.length !== 1) throw new Error(`"${text}" holds ${parts.length} values, not one`);
        return parts[0] === null ? null : numericElement(parts[0]!, marker, true);
      }
      return arrayValue(parts.map((v) => (v === null ? null : numericElement(v, marker, false))));
    } catch (e) {
      return fail(text, e);
    }
  };
};
