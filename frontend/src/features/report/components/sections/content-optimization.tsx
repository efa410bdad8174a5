import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { nonBlank, seoKeywords, wordCounts } from '../../results';
import { type OptimizationResult } from '@/lib/report/read';
import { ResultSection } from '../results-parts';
import { DescriptionRewrite } from './description-rewrite';
import { descriptionWordsFigure, NOT_ASSESSED_TEXT, photoCountFigure } from './not-assessed';

export function ContentOptimization({ result }: { result: OptimizationResult }) {
  const words = wordCounts(result);
  const photos = photoCountFigure(result);
  const before = descriptionWordsFigure(result);
  // A description read only from its preview cannot be said to lack a keyword.
  const keywords = seoKeywords(result).map((k) => (before.assessed ? k : { ...k, present: k.present === true ? true : null }));
  // The server's words for the site's photo minimum (and when it applies):
  // Airbnb's 7 is a rule for publishing, not one a live listing breaks.
  const minimum = nonBlank(result.photo_audit.minimum_said);
  const sentiment = nonBlank(result.review_summary) ?? nonBlank(result.performance_insights?.review_sentiment) ?? 'No reviews yet.';
  return (
    <ResultSection id="content-optimization" title="Content & Visual Optimization" icon="description" className="mt-8">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg bg-slate-50 px-4 py-3" data-testid="word-count">
          <dt className="text-xs text-slate-500">Description length</dt>
          <dd className="text-base font-semibold text-slate-900">
            {before.assessed ? `${words.original ?? '—'} → ${words.optimized ?? '—'} words` : `${NOT_ASSESSED_TEXT} → ${words.optimized ?? '—'} words`}
          </dd>
          <dd className="text-xs text-slate-500">{before.assessed ? 'original → optimized' : before.why}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-3" data-testid="photo-count">
          <dt className="text-xs text-slate-500">Photos</dt>
          <dd className="text-base font-semibold text-slate-900">{photos.assessed ? photos.value : NOT_ASSESSED_TEXT}</dd>
          {!photos.assessed ? (
            <dd className="text-xs text-slate-500">{photos.why}</dd>
          ) : minimum ? (
            <dd className="text-xs text-slate-500">{minimum}</dd>
          ) : null}
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-3">
          <dt className="text-xs text-slate-500">Guest reviews</dt>
          <dd className="text-sm text-slate-800" data-testid="review-sentiment">
            {sentiment}
          </dd>
        </div>
      </dl>

      <DescriptionRewrite result={result} embedded />

      {keywords.length > 0 && (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-slate-900">SEO keywords</h3>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="seo-keywords">
            {keywords.map(({ keyword, present }) => (
              <li
                key={keyword}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset',
                  present === false ? 'bg-amber-50 text-amber-800 ring-amber-600/25' : 'bg-green-50 text-green-800 ring-green-600/20',
                )}
              >
                {present === true && <Icon name="check" className="h-3.5 w-3.5" />}
                {keyword}
                {present === false && <span className="text-amber-700">· add to your description</span>}
                {present === true && <span className="sr-only">(already in your description)</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ResultSection>
  );
}
