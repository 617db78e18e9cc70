// The sources list's prefix filter: a prefix as a range of code points (a property test), code point
// order as UTF-8 byte order (COLLATE "C"), well-formed text.
import test from 'ava';
import fc from 'fast-check';
import { byCodePoint } from '../../adapters/memory/store.js';
import { wellFormed } from '../../core/domain/charLength.js';
import { identifierProblem } from '../../core/domain/source.js';
import { pastPrefix, prefixProblem } from '../../core/domain/sourceFilter.js';

// Characters from every range that orders differently in UTF-16 and in code points, and the edges
// pastPrefix steps over (U+D7FF, U+10FFFF).
const char = fc.constantFrom(
  'a',
  'b',
  'z',
  '\uD7FF',
  '\uE000',
  '\uFFFF',
  '\u{10000}',
  '\u{1F600}',
  '\u{10FFFF}',
);
const text = fc.array(char, { maxLength: 5 }).map((cs) => cs.join(''));

test('a string starts with a prefix exactly when it lies between the prefix and pastPrefix', (t) => {
  fc.assert(
    fc.property(
      text,
      text.filter((p) => p.length > 0),
      (s, p) => {
        const end = pastPrefix(p);
        const inRange = byCodePoint(s, p) >= 0 && (end === null || byCodePoint(s, end) < 0);
        return inRange === s.startsWith(p);
      },
    ),
    { numRuns: 2000 },
  );
  t.is(pastPrefix('ab'), 'ac');
  t.is(pastPrefix('a\uD7FF'), 'a\uE000', 'no surrogate is a character');
  t.is(pastPrefix('a\u{10FFFF}'), 'b');
  t.is(pastPrefix('\u{10FFFF}\u{10FFFF}'), null, 'nothing is past it');
});

test('code point order is the order of the UTF-8 bytes (as COLLATE "C")', (t) => {
  fc.assert(
    fc.property(text, text, (a, b) => {
      const bytes = Buffer.compare(Buffer.from(a), Buffer.from(b));
      return Math.sign(byCodePoint(a, b)) === bytes;
    }),
    { numRuns: 2000 },
  );
  t.true('\u{1F600}' < '\uFF01', 'UTF-16 order, which the adapter must not use');
  t.is(byCodePoint('\u{1F600}', '\uFF01'), 1);
});

test('wellFormed is String.prototype.isWellFormed (which the console cannot count on)', (t) => {
  const unit = fc.constantFrom('a', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D\uDE00', '\uE000');
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 6 }), (us) => {
      const s = us.join('');
      return wellFormed(s) === s.isWellFormed();
    }),
    { numRuns: 2000 },
  );
  t.false(wellFormed('a\uDC00\uD800'), 'a low surrogate before a high one is two lone ones');
});

test('a prefix, and an identifier, are well-formed text without control characters', (t) => {
  t.is(prefixProblem('HIPASSJ '), null, 'a space inside an identifier may end a prefix');
  t.regex(prefixProblem('') ?? '', /1 to 256/);
  t.regex(prefixProblem('a\u0007') ?? '', /control/);
  t.regex(prefixProblem('a\uD800') ?? '', /lone surrogate/);
  t.regex(identifierProblem('HIPASS\uDC00J') ?? '', /lone surrogate/, 'the database would store U+FFFD');
  t.is(identifierProblem('HIPASS\u{1F600}J'), null);
});
