import { suggestedAmenities } from '../../results';
import { type OptimizationResult } from '@/lib/report/read';
import { Explanation, ResultSection } from '../results-parts';
import { amenitySuggestionsFigure, NOT_ASSESSED_TEXT } from './not-assessed';

/**
 * What each suggestion rests on, by amenity name: the engine's evidence ("Expected of a 2-bedroom
 * apartment for 4 guests in a temperate climate (latitude 38.7° N)", "Listed by 100% of the 6
 * best-performing comparables…"). A report stored before the evidence existed has none: nothing is shown.
 */
function suggestionBases(result: OptimizationResult): Map<string, string> {
  const bases = new Map<string, string>();
  for (const s of result.amenity_analysis.suggestions ?? []) {
    if (s.evidence.trim()) bases.set(s.amenity.trim().toLowerCase(), s.evidence.trim());
  }
  return bases;
}

export function SuggestedAmenities({ result }: { result: OptimizationResult }) {
  const amenities = suggestedAmenities(result.suggested_amenities);
  const checked = amenitySuggestionsFigure(result);
  const bases = suggestionBases(result);
  // What the expected amenities rest on, said only of a list that was checked (the engine leaves it empty otherwise).
  const basis = checked.assessed ? result.amenity_analysis.expected_basis?.trim() : undefined;
  const notExpected = checked.assessed ? (result.amenity_analysis.not_expected ?? []).filter((s) => s.trim()) : [];
  return (
    <ResultSection id="suggested-amenities" title="Suggested Amenities" icon="amenities" className="mt-8">
      {basis && (
        <p className="mb-3 text-sm text-slate-600" data-testid="amenities-basis">
          Expected amenities are judged from what the page says: <span className="font-medium text-slate-900">{basis}</span>.
        </p>
      )}
      {!checked.assessed && amenities.length === 0 ? (
        <div className="text-sm" data-testid="amenities-not-assessed">
          <p className="font-semibold text-slate-900">{NOT_ASSESSED_TEXT}</p>
          <p className="mt-0.5 text-slate-600">{checked.why}</p>
        </div>
      ) : amenities.length === 0 ? (
        <p className="text-sm text-slate-600">No amenity suggestions: your listing already covers what guests expect.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {amenities.map((amenity) => {
            const why = bases.get(amenity.name.toLowerCase());
            return (
              <li key={amenity.name} data-testid="suggested-amenity" className="rounded-lg bg-slate-50 px-4 py-3 text-sm">
                <span className="font-semibold text-slate-900">{amenity.name}</span>
                {amenity.reason && <span className="mt-0.5 block text-slate-600">{amenity.reason}</span>}
                {why && (
                  <span className="mt-1 block text-xs text-slate-500" data-testid="suggested-amenity-basis">
                    {why}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {notExpected.length > 0 && (
        <ul className="mt-3 space-y-1 text-xs text-slate-500" data-testid="amenities-not-expected">
          {notExpected.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
      <Explanation text={result.explanations?.suggested_amenities} />
    </ResultSection>
  );
}
