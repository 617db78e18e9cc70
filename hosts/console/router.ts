import { useEffect, useState } from 'preact/hooks';

// Hash routes (#/executions/…): the server has one page, a reload keeps the place, and a link
// is a plain href.
export interface Route {
  readonly path: readonly string[];
  readonly params: URLSearchParams;
}

export const currentRoute = (): Route => {
  const raw = location.hash.replace(/^#\/?/, '');
  const [p = '', q = ''] = raw.split('?');
  return { path: p.split('/').filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(q) };
};

export const useRoute = (): Route => {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const on = () => setRoute(currentRoute());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
};

/** An href for a console page: path segments (encoded) and query parameters that are set. */
export const href = (path: readonly string[], params: Record<string, string | undefined> = {}): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return `#/${path.map(encodeURIComponent).join('/')}${s ? `?${s}` : ''}`;
};

export const go = (path: readonly string[], params: Record<string, string | undefined> = {}) => {
  location.hash = href(path, params);
};
