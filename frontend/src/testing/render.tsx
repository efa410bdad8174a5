import { render, type RenderResult } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type AuthContextValue } from '@/lib/auth/context';
import { createTestAuth, TestAuthProvider } from './auth';

export interface RenderOptions {
  route?: string;
  /** The auth context (default: signed out). */
  auth?: AuthContextValue;
  /** Render <output data-testid="location"> with the current path and query. */
  showLocation?: boolean;
}

/** Shows the router's current location, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders a component inside a router at the given URL, under a test auth provider. */
export function renderWithRouter(ui: ReactElement, { route = '/', auth = createTestAuth(), showLocation = false }: RenderOptions = {}): RenderResult {
  return render(
    <TestAuthProvider value={auth}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        {showLocation && <LocationProbe />}
      </MemoryRouter>
    </TestAuthProvider>,
  );
}
