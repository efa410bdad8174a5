import { Container } from '@/components/ui/container';
import { StarIcon } from '@/components/ui/icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { TESTIMONIALS, TESTIMONIALS_ILLUSTRATIVE } from '../content';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="testimonials-title"
          eyebrow={TESTIMONIALS_ILLUSTRATIVE ? 'How hosts use the report' : 'Hosts on ListingLift'}
          title="Specific advice, not generic tips"
          description={
            TESTIMONIALS_ILLUSTRATIVE
              ? 'Illustrative examples of what a report points out and what a host might do next. They are not customer reviews.'
              : 'What hosts noticed when their report measured their own listing.'
          }
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="flex">
              <figure
                data-testid="testimonial"
                className="flex w-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
              >
                {TESTIMONIALS_ILLUSTRATIVE ? (
                  <span className="self-start rounded-full bg-slate-200 px-2.5 py-1 text-xs font-semibold text-slate-700" data-testid="illustrative">
                    Illustrative
                  </span>
                ) : (
                  <div className="flex gap-0.5 text-amber-400" role="img" aria-label="5 out of 5 stars">
                    {[0, 1, 2, 3, 4].map((i) => (
                      <StarIcon key={i} />
                    ))}
                  </div>
                )}
                <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-700">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-200 pt-5">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
                  >
                    {initials(t.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">
                      {t.propertyType} · {t.location}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
