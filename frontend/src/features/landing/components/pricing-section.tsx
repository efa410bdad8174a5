import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { SectionHeading } from '@/components/ui/section-heading';
import { cn } from '@/lib/cn';
import { PRICING_NOTE, PRICING_PLANS } from '../content';

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 border-t border-slate-200 bg-slate-50 py-20 sm:py-24"
    >
      <Container>
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Pay once per listing. No subscription."
          description="Choose the depth you need. Both plans are built on the same measured analysis."
        />
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {PRICING_PLANS.map((plan) => (
            <article
              key={plan.id}
              data-testid={`pricing-${plan.id}`}
              aria-labelledby={`pricing-${plan.id}-name`}
              className={cn(
                'relative flex flex-col rounded-2xl bg-white p-8',
                plan.highlighted ? 'border-2 border-brand-600 shadow-xl shadow-brand-900/10' : 'border border-slate-200 shadow-sm',
              )}
            >
              {plan.badge && (
                <p className="absolute -top-3.5 left-8 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
                  {plan.badge}
                </p>
              )}
              <h3 id={`pricing-${plan.id}-name`} className="text-xl font-semibold text-slate-900">
                {plan.name}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="text-5xl font-bold tracking-tight text-slate-900">{plan.price}</span>
                <span className="text-sm font-medium text-slate-500">{plan.unit}</span>
              </p>
              <ul className="mt-8 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-sm text-slate-700">
                    <Icon name="check" className="mt-0.5 h-5 w-5 text-brand-600" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <ButtonLink
                to={plan.cta.to}
                size="lg"
                variant={plan.highlighted ? 'primary' : 'secondary'}
                className="mt-8 w-full"
              >
                {plan.cta.label}
              </ButtonLink>
            </article>
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-600">
          <Icon name="lock" className="mr-1.5 inline h-4 w-4 align-[-3px] text-slate-500" />
          {PRICING_NOTE}
        </p>
      </Container>
    </section>
  );
}
