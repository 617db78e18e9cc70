// formBody reads back as the same fields, whatever their text (a property test).
import test from 'ava';
import fc from 'fast-check';
import { formBody } from '../../adapters/daliuge/http.js';

// What a form reader (URLSearchParams here, python-multipart at the translator) reads back is what
// was sent, for any text: the translator's graphs are JSON with every character a user can type.
test('formBody reads back as the same fields, whatever their text (lone surrogates as U+FFFD)', (t) => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'binary' })),
      (form) => {
        const back = Object.fromEntries(new URLSearchParams(formBody(form)));
        const expected = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.toWellFormed()]));
        t.deepEqual(back, expected);
      },
    ),
  );
  t.is(formBody({ a: 'x y&z=1+2%', b: '\ud800' }), 'a=x%20y%26z%3D1%2B2%25&b=%EF%BF%BD');
});
