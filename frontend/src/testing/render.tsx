import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/router';
import { type AuthContextValue } from '@/lib/auth/context';
import { createTestAuth, TestAuthProvider } from './auth';

export interface RenderOptions {
  route?: string;
  /** The auth context (default: signed out). */
  auth?: AuthContextValue;
  /** Render <output data-testid="location"> with the current path and query. */
  showLocation?: boolean;
}

/** Shows the router's current location (path and query, and the hash when asked), so tests can assert navigation. */
function LocationProbe({ withHash }: { withHash: boolean }) {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}${withHash ? location.hash : ''}`}</div>;
}

/** `routes` (path → element) in a router at `route`, under a test auth provider `auth`, with the location probe asked for. */
function routerTree(routes: Readonly<Record<string, ReactElement>>, route: string, auth: AuthContextValue, probe: 'none' | 'path' | 'hash') {
  return (
    <TestAuthProvider value={auth}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
        {probe !== 'none' && <LocationProbe withHash={probe === 'hash'} />}
      </MemoryRouter>
    </TestAuthProvider>
  );
}

/** Renders a component inside a router at the given URL, under a test auth provider. */
export function renderWithRouter(ui: ReactElement, { route = '/', auth = createTestAuth(), showLocation = false }: RenderOptions = {}): RenderResult {
  return render(routerTree({ '*': ui }, route, auth, showLocation ? 'path' : 'none'));
}

export interface RoutesOptions extends Pick<RenderOptions, 'route' | 'auth'> {
  /** Render under <StrictMode> (effects run twice, as in development). */
  strict?: boolean;
}

export interface RoutesRenderResult extends RenderResult {
  /** Renders the same routes again under another auth value, as the provider does when the auth state changes. */
  rerenderWith: (auth: AuthContextValue) => void;
}

/**
 * Renders `routes` (path → element) in a router at `route`, under a test auth provider,
 * with <div data-testid="location"> showing the current path, query and hash.
 */
export function renderRoutes(
  routes: Readonly<Record<string, ReactElement>>,
  { route = '/', auth = createTestAuth(), strict = false }: RoutesOptions = {},
): RoutesRenderResult {
  const view = render(routerTree(routes, route, auth, 'hash'), strict ? { wrapper: StrictMode } : {});
  return {
    ...view,
    rerenderWith: (next) => {
      view.rerender(routerTree(routes, route, next, 'hash'));
    },
  };
}
