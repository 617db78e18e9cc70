// The API's codecs: each bad field reported by its path, required fields, JSON Schema bounds, lengths
// in characters, and the source identifier's codec agreeing with the pattern the document states.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { boundedString, intRange, strictObject } from '../../schema/codecs.js';
import { charLength } from '../../core/domain/charLength.js';
import { identifierPattern } from '../../core/domain/source.js';
import { SourceIdentifier } from '../../schema/api/sources.js';
import { decodeWith } from '../../schema/decode.js';
import { toJsonSchema } from '../../schema/jsonSchema.js';

const Profile = strictObject(
  'Profile',
  { name: boundedString(1, 50), translation: t.type({ num_par: intRange(1) }) },
  { description: t.string },
);

test('decoding reports each bad field by its path, unknown fields included', (tt) => {
  const r = decodeWith(Profile, { name: '', translation: { num_par: 0 }, colour: 'red' });
  if (E.isRight(r)) return tt.fail('expected issues');
  tt.deepEqual(r.left.map((i) => i.path).sort(), ['colour', 'name', 'translation.num_par']);
  tt.is(r.left.find((i) => i.path === 'colour')!.message, 'unknown field');
});

test('a missing required field says it is required', (tt) => {
  const r = decodeWith(Profile, { translation: { num_par: 1 } });
  if (E.isRight(r)) return tt.fail('expected issues');
  tt.deepEqual(r.left, [{ path: 'name', message: 'is required' }]);
});

test('a valid value decodes unchanged', (tt) => {
  const v = { name: 'p', translation: { num_par: 2 }, description: 'd' };
  tt.deepEqual(decodeWith(Profile, v), E.right(v));
});

test('JSON Schema carries bounds, required fields and additionalProperties', (tt) => {
  const s = toJsonSchema(Profile) as Record<string, unknown>;
  tt.is(s['type'], 'object');
  tt.false(s['additionalProperties'] as boolean);
  tt.deepEqual(s['required'], ['name', 'translation']);
  const props = s['properties'] as Record<string, Record<string, unknown>>;
  tt.deepEqual(props['name'], { type: 'string', minLength: 1, maxLength: 50 });
  tt.deepEqual((props['translation']!['properties'] as Record<string, unknown>)['num_par'], {
    type: 'integer',
    minimum: 1,
  });
});

test('string lengths count characters, as JSON Schema and PostgreSQL do, not UTF-16 units', (tt) => {
  const upTo4 = boundedString(1, 4);
  tt.true(E.isRight(upTo4.decode('😀😀😀😀'))); // 8 UTF-16 units, 4 characters
  tt.true(E.isLeft(upTo4.decode('😀😀😀😀😀')));
  tt.true(E.isLeft(boundedString(2, 4).decode('😀')));
  tt.is(charLength('a\ud800b'), 3); // a lone surrogate is one (refused elsewhere)
});

test('source identifiers: the codec and the pattern the document states agree', (tt) => {
  const pattern = new RegExp(identifierPattern, 'u');
  for (const s of ['HIPASSJ0300+01', 'a b', 'Ä', 'x'.repeat(256), ' a', 'a ', 'a\tb', 'a\nb', '', '\u00a0a'])
    tt.is(E.isRight(SourceIdentifier.decode(s)), pattern.test(s) && [...s].length <= 256 && s.length > 0, s);
});
