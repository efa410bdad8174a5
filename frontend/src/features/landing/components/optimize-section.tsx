import { type ReactNode, useEffect, useRef } from 'react';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { keepEarlyInput } from '@/lib/keep-early-input';
import { OPTIMIZE_STEPS } from '../content';

/** The #optimize section: how it works beside `children`, the optimize form (app/ gives it). */
export function OptimizeSection({ children }: { children?: ReactNode }) {
  const sectionRef = useRef<HTMLElement>(null);
  // The landing page is prerendered: text typed before it was hydrated must reach the form.
  useEffect(() => {
    keepEarlyInput(sectionRef.current);
  }, []);

  return (
    <section
      ref={sectionRef}
      id="optimize"
      aria-labelledby="optimize-title"
      className="scroll-mt-20 border-t border-slate-200 bg-slate-50 py-20 sm:py-24"
    >
      <Container className="grid gap-12 lg:grid-cols-[0.85fr_1.15fr] lg:gap-16">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SectionHeading
            id="optimize-title"
            align="left"
            eyebrow="Get your report"
            title="Optimize your listing"
            description="Paste your public listing link, choose a plan and we take it from there."
          />
          <ol className="mt-10 space-y-6">
            {OPTIMIZE_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{step.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-900/5 sm:p-8">
          {children}
        </div>
      </Container>
    </section>
  );
}
