/**
 * JSON with sorted keys and the excluded keys left out at every depth: equal values give equal
 * text, so their digests match. Discovery signatures and idempotent requests hash it.
 */
export const canonicalJson = (v: unknown, exclude: ReadonlySet<string>): string => {
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x, exclude)).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v as object)
      .filter((k) => !exclude.has(k))
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k], exclude)}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
};
