import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

type DataRouter = ReturnType<typeof createBrowserRouter>;

export interface AppRouterProps {
  /** Makes the router; the build's prerender passes a memory router at "/" (src/prerender.tsx). */
  createRouter?: () => DataRouter;
}

const browserRouter = () => createBrowserRouter(routes);

export function AppRouter({ createRouter = browserRouter }: AppRouterProps) {
  // Created once per mount (not at module load) so tests and HMR get a fresh router.
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}
