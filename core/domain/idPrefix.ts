/**
 * Execution ids as people copy them: the console and `exec list` show the first 8 characters. A
 * prefix is at least 8 hex digits, written as the UUID writes them (dashes where it has them).
 */
const template = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
/** A whole UUID, in either case (what a user pastes). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidPrefixPattern =
  /^[0-9a-f]{8}(?:-(?:[0-9a-f]{4}-(?:[0-9a-f]{4}-(?:[0-9a-f]{4}-[0-9a-f]{0,12}|[0-9a-f]{0,4})|[0-9a-f]{0,4})|[0-9a-f]{0,4}))?$/;

/**
 * The smallest and largest UUID that start with `prefix` (lower case, as UUIDs are written), or
 * null when it is no prefix: UUIDs sort as their text does, so a prefix is a range of the key.
 */
export const uuidPrefixBounds = (prefix: string): { low: string; high: string } | null => {
  if (!uuidPrefixPattern.test(prefix)) return null;
  const rest = template.slice(prefix.length);
  return { low: prefix + rest.replace(/x/g, '0'), high: prefix + rest.replace(/x/g, 'f') };
};
