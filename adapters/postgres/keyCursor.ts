/** Opaque list cursors over a two-part key (a tag, then the key), base64url. */
export const encodeKeyCursor = (tag: string, key: [string, string]): string =>
  Buffer.from(`${tag}:${JSON.stringify(key)}`).toString('base64url');

export const decodeKeyCursor = (tag: string, cursor: string): [string, string] | null => {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(`${tag}:`)) return null;
  try {
    const k = JSON.parse(text.slice(tag.length + 1)) as unknown;
    return Array.isArray(k) && k.length === 2 && k.every((x) => typeof x === 'string')
      ? (k as [string, string])
      : null;
  } catch {
    return null;
  }
};
