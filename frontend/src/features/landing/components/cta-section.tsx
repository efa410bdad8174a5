import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { CTA } from '../content';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="bg-white pb-20 sm:pb-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-brand-500/40 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-24 -left-24 h-72 w-72 rounded-full bg-sky-400/20 blur-3xl"
          />
          <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {CTA.title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">{CTA.text}</p>
          <a href={CTA.action.href} className={buttonClasses({ variant: 'inverse', size: 'lg', className: 'relative mt-8' })}>
            {CTA.action.label}
            <Icon name="arrowRight" className="h-5 w-5" />
          </a>
        </div>
      </Container>
    </section>
  );
}
