/**
 * A cookie's value from a request's Cookie header, when it carries exactly one of that name and of
 * the expected shape: anything else (two of them, a value of another shape) is not looked up.
 */
export const cookieValue = (header: string | undefined, name: string, shape: RegExp): string | undefined => {
  const values = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 && shape.test(values[0]!) ? values[0] : undefined;
};

/** A Set-Cookie value for one of the service's cookies: HttpOnly always, Secure over TLS. */
export const httpOnlyCookie = (c: {
  readonly name: string;
  readonly value: string;
  readonly path: string;
  readonly maxAgeSeconds: number;
  readonly sameSite: 'Strict' | 'Lax';
  readonly secure: boolean;
}): string =>
  [
    `${c.name}=${c.value}`,
    `Path=${c.path}`,
    `Max-Age=${c.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${c.sameSite}`,
    ...(c.secure ? ['Secure'] : []),
  ].join('; ');
