import { AppProvider } from './provider';
import { AppRouter, type AppRouterProps } from './router';

// The same tree in the browser and in the build's prerender (only the router differs),
// so the prerendered markup hydrates without a mismatch.
export function App({ Router }: AppRouterProps) {
  return (
    <AppProvider>
      <AppRouter Router={Router} />
    </AppProvider>
  );
}
