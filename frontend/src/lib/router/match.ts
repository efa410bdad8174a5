/**
 * Route matching: which route (with the layout routes around it) a pathname selects,
 * and the values of its :params. Ranked as react-router ranks them: a route with more
 * fixed segments wins over one with :params, and "*" matches only when nothing else
 * does, whatever the order the routes are written in.
 */

export interface RouteConfig<V> {
  /** "login", "/shared/:token", "*"; none for a layout route or an index route. */
  path?: string;
  /** Matches the parent's own path ("/" for the top level). */
  index?: boolean;
  value: V | undefined;
  children?: RouteConfig<V>[];
}

export interface RouteMatch<V> {
  route: RouteConfig<V>;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** How specific a route's own pattern is: fixed segments count most, then :params; a "*" lowers it. */
function rank(path: string | undefined, index: boolean | undefined): number {
  if (index) return 1000;
  if (path === undefined) return 0;
  return segmentsOf(path).reduce((score, segment) => score + (segment === '*' ? -1 : segment.startsWith(':') ? 3 : 10), 1);
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Matches `pattern` against the start of `segments`: the number of segments it used
 * and its params, or null. A trailing "*" takes the rest (as params["*"]).
 */
function matchPattern(pattern: string, segments: readonly string[]): { used: number; params: Record<string, string> } | null {
  const parts = segmentsOf(pattern);
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(i).map(decode).join('/');
      return { used: segments.length, params };
    }
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return { used: parts.length, params };
}

function matchIn<V>(routes: readonly RouteConfig<V>[], segments: readonly string[], params: Record<string, string>): RouteMatch<V>[] | null {
  const ranked = routes.map((route, order) => ({ route, order, score: rank(route.path, route.index) }));
  ranked.sort((a, b) => b.score - a.score || a.order - b.order);
  for (const { route } of ranked) {
    if (route.index) {
      if (segments.length === 0) return [{ route, params }];
      continue;
    }
    const own = route.path === undefined ? { used: 0, params: {} } : matchPattern(route.path, segments);
    if (!own) continue;
    const merged = { ...params, ...own.params };
    const rest = segments.slice(own.used);
    if (route.children?.length) {
      const inner = matchIn(route.children, rest, merged);
      if (inner) return [{ route, params: merged }, ...inner.map((m) => ({ ...m, params: { ...merged, ...m.params } }))];
      if (route.path === undefined) continue;
    }
    if (rest.length === 0) return [{ route, params: merged }];
  }
  return null;
}

/** The matched chain for `pathname`, outermost layout first, or null when no route matches. */
export function matchRoutes<V>(routes: readonly RouteConfig<V>[], pathname: string): RouteMatch<V>[] | null {
  return matchIn(routes, segmentsOf(pathname), {});
}
