import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { asksToFocusListingField } from '@/features/auth/constants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { RoutedOptimizePanel } from '@/features/optimize/components/optimize-panel';

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
  return <LandingPage optimizePanel={<RoutedOptimizePanel />} />;
}
