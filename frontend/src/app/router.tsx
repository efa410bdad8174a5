import { type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from '@/lib/router';
import { AppRoutes } from './routes';

export interface AppRouterProps {
  /** The router around the pages; the build's prerender passes a memory router at "/" (src/prerender.tsx). */
  Router?: ComponentType<{ children: ReactNode }>;
}

export function AppRouter({ Router = BrowserRouter }: AppRouterProps) {
  return (
    <Router>
      <AppRoutes />
    </Router>
  );
}
