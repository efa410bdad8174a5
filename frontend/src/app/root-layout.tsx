import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from '@/lib/router';
import { RouteErrorBoundary } from '@/components/errors/route-error';
import { PageLoader } from '@/components/ui/page-loader';
import { usePageLoading } from './page-loads';

/**
 * Scrolling on client navigation: a new page starts at the top; a location with a
 * hash (e.g. "/?package=premium#optimize") scrolls to that element. Plain in-page
 * anchors (<a href="#pricing">) are left to the browser. The first render is left
 * alone so the browser can restore the position on reload.
 */
function useScrollOnNavigate() {
  const { pathname, search, hash } = useLocation();
  const first = useRef(true);
  const lastPathname = useRef(pathname);

  useEffect(() => {
    const pathChanged = lastPathname.current !== pathname;
    lastPathname.current = pathname;
    const isFirst = first.current;
    first.current = false;

    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ block: 'start' });
        return;
      }
    }
    if (!isFirst && pathChanged) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}

/** A thin bar at the top while a lazy page is loading. */
function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

/**
 * Every page: the progress bar, and the page inside an error boundary (cleared on the
 * next page) and a Suspense boundary whose spinner shows only while the first page of
 * a visit loads (later navigations keep the old page on screen meanwhile).
 */
export function RootLayout() {
  useScrollOnNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <NavigationProgress />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
