import { lazy, type ComponentType } from 'react';
import { Route, Routes } from '@/lib/router';
import { loadChunk } from '@/lib/load-chunk';
import { pageName, pages, type PageName } from './pages';
import { RootLayout } from './root-layout';
import { trackPageLoad } from './page-loads';

/** A page in a chunk of its own; `preload` fetches it ahead, and once it has arrived the page renders without suspending. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page split into its own chunk, loaded through loadChunk (SPEC §8: 120000 ms
 * time-out, "Loading chunk failed"). React caches a rejected lazy component, so the
 * retry offered for a failed chunk reloads the page.
 * A preloaded page renders at once: a prerendered page is hydrated only after its chunk
 * has arrived (boot.tsx), so hydration runs as one transition that yields to the browser,
 * not as a suspended part hydrated later in one long task.
 */
export function lazyPage<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const load = () =>
    (loading ??= trackPageLoad(loadChunk(importer)).then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await load() }));
  function Page() {
    const Loaded = loaded ?? Lazy;
    return <Loaded />;
  }
  Page.preload = () => load().then(() => undefined);
  return Page;
}

const HomePage = lazyPage(pages.home, (m) => m.HomePage);
const LoginPage = lazyPage(pages.login, (m) => m.LoginPage);
const SignupPage = lazyPage(pages.signup, (m) => m.SignupPage);
const DashboardPage = lazyPage(pages.dashboard, (m) => m.DashboardPage);
const PaymentSuccessRoute = lazyPage(pages.paymentSuccess, (m) => m.PaymentSuccessRoute);
const PaymentCancelPage = lazyPage(pages.paymentCancel, (m) => m.PaymentCancelPage);
const PaymentErrorPage = lazyPage(pages.paymentError, (m) => m.PaymentErrorPage);
const SharedReportPage = lazyPage(pages.sharedReport, (m) => m.SharedReportPage);
const TermsPage = lazyPage(pages.legal, (m) => m.TermsPage);
const PrivacyPage = lazyPage(pages.legal, (m) => m.PrivacyPage);
const RefundsPage = lazyPage(pages.legal, (m) => m.RefundsPage);
const WatchLinkPage = lazyPage(pages.watchLink, (m) => m.WatchLinkPage);
const NotFoundPage = lazyPage(pages.notFound, (m) => m.NotFoundPage);

/** Each page's component by its name in ./pages.ts (the legal pages share one chunk: any of the three loads it). */
const byName: Record<PageName, LazyPage> = {
  home: HomePage,
  login: LoginPage,
  signup: SignupPage,
  dashboard: DashboardPage,
  paymentSuccess: PaymentSuccessRoute,
  paymentCancel: PaymentCancelPage,
  paymentError: PaymentErrorPage,
  sharedReport: SharedReportPage,
  legal: TermsPage,
  watchLink: WatchLinkPage,
  notFound: NotFoundPage,
};

/** Fetches the page at `pathname` so that it renders without suspending; rejects as its chunk does. */
export function preloadPageAt(pathname: string): Promise<void> {
  return byName[pageName(pathname)].preload();
}

/**
 * The app's pages (paths as in ./pages.ts). A plain <Routes> tree, not a data router:
 * no page uses loaders or actions, and the data router is 33 kB (gzipped; this router 1.8 kB) more
 * JavaScript on the landing page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="payment-success" element={<PaymentSuccessRoute />} />
        <Route path="payment-cancel" element={<PaymentCancelPage />} />
        <Route path="payment-error" element={<PaymentErrorPage />} />
        <Route path="shared/:token" element={<SharedReportPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="refunds" element={<RefundsPage />} />
        <Route path="watch" element={<WatchLinkPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
