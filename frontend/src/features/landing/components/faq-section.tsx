import { Container } from '@/components/ui/container';
import { FaqList } from '@/components/ui/faq-list';
import { SectionHeading } from '@/components/ui/section-heading';
import { FAQS } from '../content';

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <Container className="max-w-3xl">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions hosts ask" />
        <FaqList items={FAQS} testId="faq" size="base" className="mt-12" />
      </Container>
    </section>
  );
}
