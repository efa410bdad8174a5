import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { CtaSection } from './cta-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { LandingNav } from './landing-nav';
import { OptimizeSection } from './optimize-section';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { TestimonialsSection } from './testimonials-section';

/** "/" — landing and optimize page (SPEC §2); `optimizePanel` is the optimize feature's form (app/home-page.tsx). */
export function LandingPage({ optimizePanel }: { optimizePanel?: ReactNode }) {
  const hydrated = useHydrated();
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
        {/* Each section below the first screen is a Suspense boundary: hydrating the
            prerendered page, React then hydrates them one by one in short tasks after the
            first screen, instead of all in one long task. Nothing here suspends. */}
        <Suspense>
          <FeaturesSection />
        </Suspense>
        <Suspense>
          <OptimizeSection>{optimizePanel}</OptimizeSection>
        </Suspense>
        <Suspense>
          <TestimonialsSection />
        </Suspense>
        <Suspense>
          <PricingSection />
        </Suspense>
        <Suspense>
          <FaqSection />
        </Suspense>
        <Suspense>
          <CtaSection />
        </Suspense>
      </main>
      {/* The footer shows the runtime configuration's contact details and this year, which
          the build's prerender of this page cannot know: it appears once hydrated. */}
      {hydrated && <SiteFooter />}
    </>
  );
}
