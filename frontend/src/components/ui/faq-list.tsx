import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';

export interface FaqItem {
  question: string;
  answer: string;
}

const SIZES = {
  base: { item: 'py-5', question: 'text-base', answer: 'text-base leading-7' },
  sm: { item: 'py-4', question: 'text-sm', answer: 'text-sm leading-6' },
} as const;

export interface FaqListProps {
  items: readonly FaqItem[];
  /** Each item's test id. */
  testId: string;
  size: keyof typeof SIZES;
  /** Classes of the list's box (margin, background). */
  className?: string;
}

/** Questions that open to show their answers (native <details>, so it works without script). */
export function FaqList({ items, testId, size, className }: FaqListProps) {
  const classes = SIZES[size];
  return (
    <div className={cn('divide-y divide-slate-200 rounded-2xl border border-slate-200', className)}>
      {items.map((faq) => (
        <details key={faq.question} data-testid={testId} className={cn('group px-6 [&_summary]:list-none', classes.item)}>
          <summary className={cn('flex items-center justify-between gap-4 rounded-md text-left font-semibold text-slate-900', classes.question)}>
            {faq.question}
            <Icon name="chevron" className="h-5 w-5 text-slate-500 transition-transform group-open:rotate-180" />
          </summary>
          <p className={cn('mt-3 text-slate-600', classes.answer)}>{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
