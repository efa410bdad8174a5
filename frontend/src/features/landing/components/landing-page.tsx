import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { lazyWhenVisible } from '@/lib/when-visible';
import { Hero } from './hero';
import { LandingNav } from './landing-nav';
import { OptimizeSection } from './optimize-section';

// The sections further down load as the visitor scrolls to them (their markup is
// prerendered); the footer, which the prerender leaves out, too.
const FeaturesSection = lazyWhenVisible(() => import('./features-section'), (m) => m.FeaturesSection);
const TestimonialsSection = lazyWhenVisible(() => import('./testimonials-section'), (m) => m.TestimonialsSection);
const PricingSection = lazyWhenVisible(() => import('./pricing-section'), (m) => m.PricingSection);
const FaqSection = lazyWhenVisible(() => import('./faq-section'), (m) => m.FaqSection);
const CtaSection = lazyWhenVisible(() => import('./cta-section'), (m) => m.CtaSection);
const SiteFooter = lazyWhenVisible(() => import('./site-footer'), (m) => m.SiteFooter, { always: true });

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
            first screen, instead of all in one long task. The lazy ones wait until seen. */}
        <FeaturesSection />
        <Suspense>
          <OptimizeSection>{optimizePanel}</OptimizeSection>
        </Suspense>
        <TestimonialsSection />
        <PricingSection />
        <FaqSection />
        <CtaSection />
      </main>
      {/* The footer shows the runtime configuration's contact details and this year, which
          the build's prerender of this page cannot know: it appears once hydrated. */}
      {hydrated && <SiteFooter />}
    </>
  );
}
