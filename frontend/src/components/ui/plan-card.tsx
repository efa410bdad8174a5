import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Pill } from '@/components/ui/pill';
import { cn } from '@/lib/cn';
import { type Plan } from '@/lib/plans';

const SIZES = {
  /** The landing page's pricing section. */
  lg: { card: 'relative p-8', shadow: 'shadow-xl', price: 'mt-6', amount: 'text-5xl', features: 'mt-8' },
  /** Plans offered again elsewhere (the cancelled-payment page). */
  md: { card: 'p-6 sm:p-8', shadow: 'shadow-lg', price: 'mt-4', amount: 'text-4xl', features: 'mt-6' },
} as const;

export interface PlanCardProps {
  plan: Plan;
  /** The card's test id and the prefix of its heading's id: `${idPrefix}-${plan.id}`. */
  idPrefix: string;
  /** The button at the bottom of the card. */
  action: { label: string; to: string };
  /** The recommended plan: a brand border and a primary button. */
  highlighted: boolean;
  /** A label over the card's top edge, e.g. "Best value". */
  badge?: string | undefined;
  size: keyof typeof SIZES;
}

/** A plan with its price and what it includes (SPEC §9), and a button to choose it. */
export function PlanCard({ plan, idPrefix, action, highlighted, badge, size }: PlanCardProps) {
  const classes = SIZES[size];
  const id = `${idPrefix}-${plan.id}`;
  return (
    <article
      data-testid={id}
      aria-labelledby={`${id}-name`}
      className={cn(
        'flex flex-col rounded-2xl bg-white',
        classes.card,
        highlighted ? cn('border-2 border-brand-600 shadow-brand-900/10', classes.shadow) : 'border border-slate-200 shadow-sm',
      )}
    >
      {badge && (
        <Pill tone="brand" className="absolute -top-3 left-8">
          {badge}
        </Pill>
      )}
      <h3 id={`${id}-name`} className="text-xl font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
      <p className={cn('flex items-baseline gap-2', classes.price)}>
        <span className={cn('font-bold tracking-tight text-slate-900', classes.amount)}>{plan.price}</span>
        <span className="text-sm font-medium text-slate-500">{plan.unit}</span>
      </p>
      <ul className={cn('flex-1 space-y-3', classes.features)}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-sm text-slate-700">
            <Icon name="check" className="mt-0.5 h-5 w-5 text-brand-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <ButtonLink to={action.to} size="lg" variant={highlighted ? 'primary' : 'secondary'} className="mt-8 w-full">
        {action.label}
      </ButtonLink>
    </article>
  );
}
