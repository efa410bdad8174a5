import { type ComponentType } from 'react';
import { type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { loadChunk } from '@/lib/load-chunk';
import { PageLoader } from '@/components/ui/page-loader';
import { HomePage } from './home-page';
import { RootLayout } from './root-layout';

/**
 * A route whose page is split into its own chunk, loaded through loadChunk (SPEC §8:
 * 120000 ms time-out, "Loading chunk failed"). React Router caches a rejected lazy
 * route, so the retry offered for a failed chunk reloads the page.
 */
function lazyPage<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await loadChunk(importer)) });
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      // The landing page is in the entry chunk: it is the page most visits start on.
      { index: true, Component: HomePage },
      {
        path: 'login',
        lazy: lazyPage(() => import('@/features/auth/components/login-page'), (m) => m.LoginPage),
      },
      {
        path: 'signup',
        lazy: lazyPage(() => import('@/features/auth/components/signup-page'), (m) => m.SignupPage),
      },
      {
        path: 'dashboard',
        lazy: lazyPage(() => import('@/features/dashboard/components/dashboard-page'), (m) => m.DashboardPage),
      },
      {
        path: 'payment-success',
        lazy: lazyPage(() => import('./payment-success-page'), (m) => m.PaymentSuccessRoute),
      },
      {
        path: 'payment-cancel',
        lazy: lazyPage(() => import('@/features/orders/components/payment-cancel-page'), (m) => m.PaymentCancelPage),
      },
      {
        path: 'payment-error',
        lazy: lazyPage(() => import('@/features/orders/components/payment-error-page'), (m) => m.PaymentErrorPage),
      },
      {
        path: 'shared/:token',
        lazy: lazyPage(() => import('@/features/report/components/shared-report-page'), (m) => m.SharedReportPage),
      },
      {
        path: 'terms',
        lazy: lazyPage(() => import('@/features/legal/components/legal-page'), (m) => m.TermsPage),
      },
      {
        path: 'privacy',
        lazy: lazyPage(() => import('@/features/legal/components/legal-page'), (m) => m.PrivacyPage),
      },
      {
        path: 'refunds',
        lazy: lazyPage(() => import('@/features/legal/components/legal-page'), (m) => m.RefundsPage),
      },
      {
        path: '*',
        lazy: lazyPage(() => import('@/features/not-found/components/not-found-page'), (m) => m.NotFoundPage),
      },
    ],
  },
];
