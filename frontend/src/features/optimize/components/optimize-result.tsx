import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { descriptionParagraphs, reportPath, suggestedAmenityLines, topTitleSuggestions } from '../result';
import { type OptimizeOutcome } from '../types';

/** One part of the result under its heading. */
function ResultPart({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{heading}</h4>
      {children}
    </div>
  );
}

/** A part that lists `items` (each drawn by `item`) in an `as` element; nothing when there are none. */
function ResultList({
  heading,
  items,
  as: List,
  className,
  testId,
  item,
}: {
  heading: string;
  items: readonly string[];
  as: 'ol' | 'ul' | 'div';
  className: string;
  testId: string;
  item: (text: string) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <ResultPart heading={heading}>
      <List className={cn('mt-2 text-slate-800', className)} data-testid={testId}>
        {items.map((text, index) => (
          <Fragment key={index}>{item(text)}</Fragment>
        ))}
      </List>
    </ResultPart>
  );
}

/**
 * The result of a direct optimization (payments off), in place under the form (SPEC §4):
 * the optimized title, the top 3 title suggestions, the optimized description and up to
 * 5 suggested amenities (SPEC §9), with links to the full report and the dashboard.
 * Model output is rendered as text only. It takes the focus as it appears, so keyboard
 * and screen-reader users land on it.
 */
export function OptimizeResult({ outcome }: { outcome: OptimizeOutcome }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const { data } = outcome;
  const title = data.optimized_title.trim();
  const titles = topTitleSuggestions(data.title_suggestions);
  const paragraphs = descriptionParagraphs(data.optimized_description);
  const amenities = suggestedAmenityLines(data.suggested_amenities);

  useEffect(() => {
    // Focused, and brought to the top of the screen with its heading (issue 43: a plain focus
    // scrolled only part of the tall result into view); smoothly unless reduced motion is asked.
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    const still = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [outcome]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      data-testid="optimize-result"
      className="mt-8 scroll-mt-24 space-y-6 border-t border-slate-200 pt-8 focus:outline-none"
    >
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Icon name="checkCircle" className="h-6 w-6 text-green-600" />
        Your optimized listing
      </h3>

      {title && (
        <ResultPart heading="Optimized title">
          <p className="mt-2 text-lg font-semibold text-slate-900" data-testid="optimized-title">
            {title}
          </p>
        </ResultPart>
      )}
      <ResultList
        heading="Title suggestions"
        items={titles}
        as="ol"
        className="list-decimal space-y-1.5 pl-5"
        testId="title-suggestions"
        item={(suggestion) => <li>{suggestion}</li>}
      />
      <ResultList
        heading="Optimized description"
        items={paragraphs}
        as="div"
        className="space-y-3"
        testId="optimized-description"
        item={(paragraph) => <p className="whitespace-pre-line">{paragraph}</p>}
      />
      <ResultList
        heading="Suggested amenities"
        items={amenities}
        as="ul"
        className="space-y-1.5"
        testId="suggested-amenities"
        item={(amenity) => (
          <li className="flex items-start gap-2">
            <Icon name="check" className="mt-1 h-4 w-4 shrink-0 text-brand-600" />
            <span>{amenity}</span>
          </li>
        )}
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={reportPath(outcome.optimizationId)} className="sm:flex-1">
          View full report
        </ButtonLink>
        <ButtonLink to="/dashboard" variant="secondary" className="sm:flex-1">
          View Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
