import { suggestedAmenities } from '../../results';
import { type OptimizationResult } from '@/lib/report/read';
import { Explanation, ResultSection } from '../results-parts';
import { amenitySuggestionsFigure, NOT_ASSESSED_TEXT } from './not-assessed';

export function SuggestedAmenities({ result }: { result: OptimizationResult }) {
  const amenities = suggestedAmenities(result.suggested_amenities);
  const checked = amenitySuggestionsFigure(result);
  return (
    <ResultSection id="suggested-amenities" title="Suggested Amenities" icon="amenities" className="mt-8">
      {!checked.assessed && amenities.length === 0 ? (
        <div className="text-sm" data-testid="amenities-not-assessed">
          <p className="font-semibold text-slate-900">{NOT_ASSESSED_TEXT}</p>
          <p className="mt-0.5 text-slate-600">{checked.why}</p>
        </div>
      ) : amenities.length === 0 ? (
        <p className="text-sm text-slate-600">No amenity suggestions: your listing already covers what guests expect.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {amenities.map((amenity) => (
            <li key={amenity.name} data-testid="suggested-amenity" className="rounded-lg bg-slate-50 px-4 py-3 text-sm">
              <span className="font-semibold text-slate-900">{amenity.name}</span>
              {amenity.reason && <span className="mt-0.5 block text-slate-600">{amenity.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      <Explanation text={result.explanations?.suggested_amenities} />
    </ResultSection>
  );
}
