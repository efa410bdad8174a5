import { render, type RenderResult } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders a component inside a router at the given URL. */
export function renderWithRouter(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  return render(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>);
}
