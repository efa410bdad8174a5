import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { PlanCard } from '@/components/ui/plan-card';
import { SectionHeading } from '@/components/ui/section-heading';
import { PRICING_PLANS } from '@/lib/product';
import { PRICING_NOTE } from '../content';

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
          description="Choose the depth you need. Both plans are built on the same measured analysis. Before you pay, the form says what each plan will deliver for your listing; a plan it cannot deliver there is not offered."
        />
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {PRICING_PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              idPrefix="pricing"
              action={plan.cta}
              highlighted={plan.highlighted}
              badge={plan.badge}
              size="lg"
            />
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
