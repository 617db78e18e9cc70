/**
 * A string's length in characters (code points), as JSON Schema's minLength and maxLength and
 * PostgreSQL count it; JavaScript's `length` counts UTF-16 units, two for a character past U+FFFF.
 */
export const charLength = (s: string): number => {
  let pairs = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return s.length - pairs;
};

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether every UTF-16 unit is part of a character: a lone surrogate cannot be written as UTF-8
 * (Node.js writes U+FFFD in its place). `String.prototype.isWellFormed`, which older browsers lack.
 */
export const wellFormed = (s: string): boolean => !loneSurrogate.test(s);
