import { cn } from '@/lib/cn';
import { LISTING_SCORE_NAME, scoreTone, SECTION_NAMES, type ScoreTone } from '../../results';
import { SECTION_KEYS, type OptimizationResult } from '@/lib/report/read';
import { Explanation } from '../results-parts';
import { madeBeforeScores } from './not-assessed';

const RING_CLASSES: Record<ScoreTone, string> = { green: 'text-green-600', amber: 'text-amber-500', red: 'text-red-600' };
const TEXT_CLASSES: Record<ScoreTone, string> = { green: 'text-green-800', amber: 'text-amber-800', red: 'text-red-700' };

/** The ring without a score: too little of the listing was read for one. */
function EmptyRing() {
  return (
    <div className="relative h-32 w-32 shrink-0">
      <svg viewBox="0 0 100 100" className="h-full w-full" aria-hidden="true">
        <circle cx="50" cy="50" r={42} fill="none" strokeWidth="10" className="stroke-slate-100" />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center px-4 text-center">
        <span className="text-3xl font-bold tracking-tight text-slate-400" aria-hidden="true">
          —
        </span>
        <span className="text-xs text-slate-600" data-testid="overall-score-value">
          too little read
        </span>
      </span>
    </div>
  );
}

/** The score as a ring: the coloured arc is the score's share of 100. */
function ScoreRing({ score }: { score: number }) {
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  const shown = Math.max(0, Math.min(100, Math.round(score)));
  return (
    <div className="relative h-32 w-32 shrink-0">
      <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="10" className="stroke-slate-100" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          stroke="currentColor"
          className={RING_CLASSES[scoreTone(shown)]}
          strokeDasharray={`${(circumference * shown) / 100} ${circumference}`}
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-bold tracking-tight text-slate-900" data-testid="overall-score-value">
          {shown}
        </span>
        <span className="text-xs text-slate-500">out of 100</span>
      </span>
    </div>
  );
}

/**
 * The report's one score at the top of the results: a ring with its band, and the section scores it
 * is made of (a section the report could not assess says so instead of a number).
 */
export function OverallScore({ result }: { result: OptimizationResult }) {
  // A report made before there was one score has none to show, nor section scores (not "not assessed": they were never made).
  if (madeBeforeScores(result)) return null;
  const score = result.overall_score;
  const sections = result.section_scores;
  const band = result.overall_band;
  return (
    <section
      aria-labelledby="overall-score-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="overall-score"
    >
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center text-center">
          <h2 id="overall-score-heading" className="mb-3 text-sm font-semibold text-slate-500">
            {LISTING_SCORE_NAME}
          </h2>
          {score === null ? <EmptyRing /> : <ScoreRing score={score} />}
          <p className={cn('mt-2 text-sm font-semibold', score === null ? 'text-slate-600' : TEXT_CLASSES[scoreTone(score)])} data-testid="overall-band">
            {band}
          </p>
        </div>
        <div className="w-full min-w-0 flex-1">
          <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="section-scores">
            {SECTION_KEYS.map((key) => {
              const value = sections[key];
              return (
                <li key={key} className="flex items-center justify-between gap-3 border-b border-slate-100 py-1.5 text-sm" data-testid={`section-${key}`}>
                  <span className="font-medium text-slate-700">{SECTION_NAMES[key]}</span>
                  {value === null ? (
                    <span className="text-slate-600">Not assessed</span>
                  ) : (
                    <span className={cn('font-semibold tabular-nums', TEXT_CLASSES[scoreTone(value)])}>{value}/100</span>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="mt-3 text-xs text-slate-600">80+ strong · 65–79 good · 50–64 room to grow · under 50 needs attention</p>
          <Explanation text={result.explanations?.overall_score} />
        </div>
      </div>
    </section>
  );
}
