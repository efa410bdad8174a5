import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';

/** App-wide providers. Auth (a later issue) adds its provider here. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </StrictMode>
  );
}
