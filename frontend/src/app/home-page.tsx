import { type ReactNode, useEffect, useMemo } from 'react';
import { AuthContext, type AuthContextValue, useAuth } from '@/lib/auth/context';
import { useLocation } from '@/lib/router';
import { useHydrated } from '@/lib/use-hydrated';
import { asksToFocusListingField } from '@/features/auth/constants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { RoutedOptimizePanel } from '@/features/optimize/components/optimize-panel';

/**
 * The session as the optimize form may see it: "loading" — as at build time, when "/" is
 * prerendered — until the page is hydrated. A signed-in host's saved order (the form kept for
 * a checkout, or a draft from before sign-up) is restored into the form as it renders, once
 * signed in; a session restored while the form's section was still being hydrated made that
 * render differ from the prerendered markup (issue 43: React error #418 on /#optimize). The form
 * now reads the draft on the render after hydration. A page rendered afresh is hydrated at once.
 */
export function SessionAfterHydration({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const hydrated = useHydrated();
  const value = useMemo<AuthContextValue>(() => (hydrated ? auth : { ...auth, status: 'loading', user: null }), [auth, hydrated]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * "/": the landing page with the optimize form in its #optimize section. Arriving from sign-up
 * (FOCUS_LISTING_FIELD_STATE), the form's listing field takes the focus, so the new host starts
 * there (the location's hash has brought the section into view).
 */
export function HomePage() {
  const { state, key } = useLocation();
  const focus = asksToFocusListingField(state);
  useEffect(() => {
    if (!focus) return;
    document.querySelector<HTMLInputElement>('#optimize input[type="url"]')?.focus({ preventScroll: true });
  }, [focus, key]);
  return (
    <LandingPage
      optimizePanel={
        <SessionAfterHydration>
          <RoutedOptimizePanel />
        </SessionAfterHydration>
      }
    />
  );
}
