import { type OptimizeSubmitHandler } from '@/features/optimize/types';
import { useAuth } from '@/lib/auth/context';
import { CtaSection } from './cta-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { LandingNav } from './landing-nav';
import { OptimizeSection } from './optimize-section';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { TestimonialsSection } from './testimonials-section';

interface LandingPageProps {
  /** The optimize form's submit flow (scrape and checkout are wired in the optimize feature). */
  onOptimize?: OptimizeSubmitHandler;
}

/** "/" — landing and optimize page (SPEC §2). */
export function LandingPage({ onOptimize }: LandingPageProps) {
  const { user } = useAuth();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <LandingNav />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <FeaturesSection />
        <OptimizeSection onSubmit={onOptimize} lockedEmail={user?.email} />
        <TestimonialsSection />
        <PricingSection />
        <FaqSection />
        <CtaSection />
      </main>
      <SiteFooter />
    </>
  );
}
