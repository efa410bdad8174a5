import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { FAQS } from '../content';

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <Container className="max-w-3xl">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions hosts ask" />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {FAQS.map((faq) => (
            <details key={faq.question} data-testid="faq" className="group px-6 py-5 [&_summary]:list-none">
              <summary className="flex items-center justify-between gap-4 rounded-md text-left text-base font-semibold text-slate-900">
                {faq.question}
                <Icon name="chevron" className="h-5 w-5 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-3 text-base leading-7 text-slate-600">{faq.answer}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
