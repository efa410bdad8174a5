import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { recordSignIn } from '@/features/auth/api/record-sign-in';
import { AuthProvider } from '@/lib/auth/auth-provider';

/** App-wide providers: error boundary and auth (each new sign-in is recorded through the API). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <AuthProvider onSignIn={recordSignIn}>{children}</AuthProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
