import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { FEATURES } from '@/lib/product';

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 border-t border-slate-200 bg-white py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow="What’s in your report"
          title="Eight sections, every one grounded in your data"
          description="We measure your listing page, photos, calendar and reviews and compare them with similar listings in the same market. Each recommendation shows the facts behind it."
        />
        <ul className="mt-12 grid gap-4 sm:mt-14 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex">
              <article
                data-testid="feature-card"
                className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md sm:p-6"
              >
                <div className="flex items-center gap-4 sm:block">
                  <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                    <Icon name={feature.icon} className="h-6 w-6" />
                  </span>
                  <h3 className="text-base font-semibold text-slate-900 sm:mt-5">{feature.title}</h3>
                </div>
                <p className="mt-3 text-sm leading-6 text-slate-600 sm:mt-2">{feature.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
