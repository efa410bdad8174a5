import { LandingPage } from '@/features/landing/components/landing-page';
import { RoutedOptimizePanel } from '@/features/optimize/components/optimize-panel';

/** "/": the landing page with the optimize form in its #optimize section. */
export function HomePage() {
  return <LandingPage optimizePanel={<RoutedOptimizePanel />} />;
}
