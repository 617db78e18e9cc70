import { peerText } from '../shared/peerText.js';

/**
 * The challenges of a `WWW-Authenticate` header (RFC 9110 §11.6.1): each a scheme with its
 * parameters (or a token68), several in one header or in repeated headers joined by commas. The
 * IVOA's authentication draft (AuthVO) names its own schemes this way: `ivoa_bearer`, `ivoa_cookie`,
 * `ivoa_x509`, with `standard_id` and `access_url` parameters.
 */
export interface AuthChallenge {
  /** The scheme as the server wrote it (compare case-insensitively). */
  readonly scheme: string;
  readonly params: Readonly<Record<string, string>>;
}

const tokenChar = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;

/** Parses a header's challenges; what cannot be read ends the list (a server's text, bounded). */
export const parseChallenges = (header: string): AuthChallenge[] => {
  const s = header.slice(0, 8192);
  const out: { scheme: string; params: Record<string, string> }[] = [];
  let i = 0;
  const skip = () => {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === ',')) i++;
  };
  const token = () => {
    const from = i;
    while (i < s.length && tokenChar.test(s[i]!)) i++;
    return s.slice(from, i);
  };
  const quoted = () => {
    let v = '';
    i++; // the opening quote
    while (i < s.length && s[i] !== '"') {
      if (s[i] === '\\' && i + 1 < s.length) i++;
      v += s[i++];
    }
    i++; // the closing quote
    return v;
  };
  for (;;) {
    skip();
    if (i >= s.length) break;
    const name = token();
    if (name === '') break;
    let j = i;
    while (s[j] === ' ' || s[j] === '\t') j++;
    if (s[j] === '=') {
      if (out.length === 0) break; // a parameter before any scheme: not a challenge
      // A parameter of the current challenge: name = token / quoted-string.
      i = j + 1;
      while (s[i] === ' ' || s[i] === '\t') i++;
      const value = s[i] === '"' ? quoted() : token();
      out[out.length - 1]!.params[name.toLowerCase()] = value;
      continue;
    }
    out.push({ scheme: name, params: {} });
    // A token68 after the scheme (base64-like, may end in '='): kept whole.
    while (s[i] === ' ' || s[i] === '\t') i++;
    const m = /^[A-Za-z0-9\-._~+/]+=*(?=\s*(,|$))/.exec(s.slice(i));
    if (m && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*=[^=]/.test(s.slice(i))) {
      out[out.length - 1]!.params['token68'] = m[0];
      i += m[0].length;
    }
  }
  return out;
};

/** The challenges in words, e.g. `Basic (realm "CASDA"), ivoa_cookie (standard_id ivo://…)`. */
export const describeChallenges = (cs: readonly AuthChallenge[]): string =>
  cs
    .map((c) => {
      const p = Object.entries(c.params)
        .filter(([k]) => ['realm', 'standard_id', 'access_url'].includes(k))
        .map(([k, v]) => `${k} ${k === 'realm' ? `"${peerText(v, 100)}"` : peerText(v, 200)}`);
      return `${peerText(c.scheme, 40)}${p.length > 0 ? ` (${p.join(', ')})` : ''}`;
    })
    .join(', ');
