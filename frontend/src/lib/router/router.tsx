/**
 * The app's router: the part of react-router's API the app uses (BrowserRouter,
 * MemoryRouter, Routes/Route with one level of layout and :params, Outlet, Link,
 * Navigate and the location, navigate, params and search-params hooks), in about
 * 1.8 kB instead of React Router's 15.8 kB (gzipped, measured: docs/ARCHITECTURE.md) on every first load.
 *
 * Navigations are React transitions, as in react-router 7: while a lazy page loads,
 * the page being left stays on screen (see app/root-layout.tsx).
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { matchRoutes, type RouteConfig } from './match';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed as `state` (null when none). */
  state: unknown;
  /** Unique per history entry ("default" for the first). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** Where entries are kept: the browser's history, or a list in memory (tests, the prerender). */
interface History {
  read(): Location;
  write(location: Location, replace: boolean): void;
  /** Calls `onChange` when the entry changes from outside (the browser's back and forward buttons). */
  listen(onChange: () => void): () => void;
}

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);

interface RouteMatchValue {
  params: Readonly<Record<string, string>>;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteMatchValue>({ params: {}, outlet: null });

let keys = 0;
const nextKey = () => `k${(++keys).toString(36)}`;

/** "/a?b#c" split into its parts; relative forms ("?page=2", "#top", "b") resolve against `from`. */
export function resolve(to: string, from: Pick<Location, 'pathname' | 'search'>): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  let pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  if (pathname === '') {
    return { pathname: from.pathname, search: rest === '' ? from.search : search === '?' ? '' : search, hash };
  }
  if (!pathname.startsWith('/')) {
    const base = from.pathname.endsWith('/') ? from.pathname : from.pathname.slice(0, from.pathname.lastIndexOf('/') + 1);
    pathname = base + pathname;
  }
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export const href = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => l.pathname + l.search + l.hash;

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router) throw new Error('router hooks and links need a <BrowserRouter> or <MemoryRouter> above them');
  return router;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(() => history.read());
  useEffect(() => history.listen(() => startTransition(() => setLocation(history.read()))), [history]);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null } = {}) => {
      const current = history.read();
      const next: Location = { ...resolve(to, current), state, key: nextKey() };
      // Following a link to where one already is replaces the entry, as react-router does.
      history.write(next, replace || href(next) === href(current));
      startTransition(() => setLocation(next));
    },
    [history],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The history state this router writes: react-router's shape, so entries made by either read the same. */
interface EntryState {
  usr?: unknown;
  key?: string;
}

function browserHistory(): History {
  return {
    read() {
      const { pathname, search, hash } = window.location;
      const entry = (window.history.state ?? {}) as EntryState;
      return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
    },
    write(location, replace) {
      const entry: EntryState = { usr: location.state, key: location.key };
      if (replace) window.history.replaceState(entry, '', href(location));
      else window.history.pushState(entry, '', href(location));
    },
    listen(onChange) {
      window.addEventListener('popstate', onChange);
      return () => window.removeEventListener('popstate', onChange);
    },
  };
}

function memoryHistory(initial: string): History {
  let current: Location = { ...resolve(initial, { pathname: '/', search: '' }), state: null, key: 'default' };
  const entries = [current];
  return {
    read: () => current,
    write(location, replace) {
      const at = entries.indexOf(current);
      entries.splice(replace ? at : at + 1, entries.length, location);
      current = location;
    },
    listen: () => () => undefined,
  };
}

/** The router of the app in the browser: the address bar and the back and forward buttons. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router whose entries live in memory, starting at `initialEntries[0]` (tests and the build's prerender). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: readonly string[]; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries[0] ?? '/'));
  return <Router history={history}>{children}</Router>;
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route: only read by <Routes>, never rendered itself. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the props are read by <Routes> from the element
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function configOf(children: ReactNode): RouteConfig<ReactNode>[] {
  const routes: RouteConfig<ReactNode>[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, value: element, children: nested === undefined ? undefined : configOf(nested) });
  });
  return routes;
}

/** Renders the first route (with its layouts) that matches the location; nothing when none does. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useRouter().location;
  const config = useMemo(() => configOf(children), [children]);
  const matches = matchRoutes(config, pathname);
  if (!matches) return null;
  // Innermost first: each route's element gets the next one down as its <Outlet>.
  let outlet: ReactNode = null;
  for (const { route, params } of matches.toReversed()) {
    outlet = <RouteContext value={{ params, outlet }}>{route.value === undefined ? outlet : route.value}</RouteContext>;
  }
  return outlet;
}

/** Where a layout route shows the matched route inside it. */
export function Outlet() {
  return use(RouteContext).outlet;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams<K extends string = string>(): Readonly<Partial<Record<K, string>>> {
  return use(RouteContext).params as Readonly<Partial<Record<K, string>>>;
}

export type SetSearchParams = (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void;

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const query = new URLSearchParams(next).toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate],
  );
  return [params, set];
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** A plain click is made a client-side navigation; a click with a modifier key, or into another target, is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An <a> whose plain clicks navigate without reloading the page. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const url = href(resolve(to, location));
  return (
    <a
      {...rest}
      href={url}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(url, { replace, state });
      }}
    >
      {children}
    </a>
  );
}
