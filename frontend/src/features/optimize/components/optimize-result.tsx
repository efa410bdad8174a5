import { useEffect, useId, useRef } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { descriptionParagraphs, reportPath, suggestedAmenityLines, topTitleSuggestions } from '../result';
import { type OptimizeOutcome } from '../types';

const headingClasses = 'text-sm font-semibold tracking-wide text-slate-500 uppercase';

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
    ref.current?.focus();
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
        <div>
          <h4 className={headingClasses}>Optimized title</h4>
          <p className="mt-2 text-lg font-semibold text-slate-900" data-testid="optimized-title">
            {title}
          </p>
        </div>
      )}

      {titles.length > 0 && (
        <div>
          <h4 className={headingClasses}>Title suggestions</h4>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-slate-800" data-testid="title-suggestions">
            {titles.map((suggestion, index) => (
              <li key={index}>{suggestion}</li>
            ))}
          </ol>
        </div>
      )}

      {paragraphs.length > 0 && (
        <div>
          <h4 className={headingClasses}>Optimized description</h4>
          <div className="mt-2 space-y-3 text-slate-800" data-testid="optimized-description">
            {paragraphs.map((paragraph, index) => (
              <p key={index} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      )}

      {amenities.length > 0 && (
        <div>
          <h4 className={headingClasses}>Suggested amenities</h4>
          <ul className="mt-2 space-y-1.5 text-slate-800" data-testid="suggested-amenities">
            {amenities.map((amenity, index) => (
              <li key={index} className="flex items-start gap-2">
                <Icon name="check" className="mt-1 h-4 w-4 shrink-0 text-brand-600" />
                <span>{amenity}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

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
