import test from 'ava';
import { describeChallenges, parseChallenges } from '../../adapters/tap/authChallenge.js';

test('WWW-Authenticate: Basic with a realm, as DaCHS and CASDA answer', (t) => {
  t.deepEqual(parseChallenges('Basic realm="X-Unconfigured"'), [
    { scheme: 'Basic', params: { realm: 'X-Unconfigured' } },
  ]);
});

test("AuthVO's schemes, several challenges in one header, quoted commas and escapes", (t) => {
  const h =
    'ivoa_cookie standard_id="ivo://ivoa.net/sso#cookie", access_url="https://casda.example/login?a=1,b=2", ' +
    'ivoa_x509 standard_id="ivo://ivoa.net/sso#tls-with-certificate", Basic realm="CASDA \\"OPAL\\"", Bearer abc.DEF-1==';
  const cs = parseChallenges(h);
  t.deepEqual(
    cs.map((c) => c.scheme),
    ['ivoa_cookie', 'ivoa_x509', 'Basic', 'Bearer'],
  );
  t.deepEqual(cs[0]!.params, {
    standard_id: 'ivo://ivoa.net/sso#cookie',
    access_url: 'https://casda.example/login?a=1,b=2',
  });
  t.is(cs[2]!.params['realm'], 'CASDA "OPAL"');
  t.is(cs[3]!.params['token68'], 'abc.DEF-1==');
  t.is(
    describeChallenges(cs.slice(0, 3)),
    'ivoa_cookie (standard_id ivo://ivoa.net/sso#cookie, access_url https://casda.example/login?a=1,b=2), ivoa_x509 (standard_id ivo://ivoa.net/sso#tls-with-certificate), Basic (realm "CASDA "OPAL"")',
  );
});

test('a header that is not one: nothing, or what came before the noise', (t) => {
  t.deepEqual(parseChallenges(''), []);
  t.deepEqual(parseChallenges('   ,  '), []);
  t.deepEqual(parseChallenges('Basic realm="a", @@@'), [{ scheme: 'Basic', params: { realm: 'a' } }]);
  // Parameters before any scheme are not a challenge.
  t.deepEqual(parseChallenges('realm="a"'), []);
});
