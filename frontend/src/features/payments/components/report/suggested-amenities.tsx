import { suggestedAmenities } from '../../results';
import { type OptimizationResult } from '../../types';
import { Explanation, ResultSection } from '../results-parts';

export function SuggestedAmenities({ result }: { result: OptimizationResult }) {
  const amenities = suggestedAmenities(result.suggested_amenities);
  return (
    <ResultSection id="suggested-amenities" title="AI-Suggested Amenities" icon="amenities" className="mt-8">
      {amenities.length === 0 ? (
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
