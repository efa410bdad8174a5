import { LandingPage } from '@/features/landing/components/landing-page';
import { lazyWhenVisible } from '@/lib/when-visible';

// The form's code (the optimize feature: checks, listing preview, checkout) arrives when
// the visitor scrolls to it; its prerendered markup is there from the start.
const OptimizePanel = lazyWhenVisible(
  () => import('@/features/optimize/components/optimize-panel'),
  (m) => m.RoutedOptimizePanel,
);

/** "/": the landing page with the optimize form in its #optimize section. */
export function HomePage() {
  return <LandingPage optimizePanel={<OptimizePanel />} />;
}
