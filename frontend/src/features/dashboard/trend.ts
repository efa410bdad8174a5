import { formatDate } from '@/lib/format';
import { type ListingReport } from '@/types/api';

export type TrendDirection = 'up' | 'down' | 'unchanged' | 'single';

/** A listing's overall score across its reports (oldest → newest), and how to say it. */
export interface ScoreTrend {
  /** The scores, oldest first; reports without a score are left out. */
  scores: number[];
  latest: number;
  direction: TrendDirection;
  /** "Listing score 71/100" */
  lead: string;
  /** "up 19", "down 4", "unchanged", "1 report so far", or "" (one score among several reports). */
  change: string;
  /** "since your first report on November 16, 2026", or "from your re-check on …" — "" for a single report. */
  context: string;
  /** The whole sentence: "Listing score 71/100 · up 19 since your first report on November 16, 2026". */
  sentence: string;
  /** The sparkline's text: "Listing score over time: 52, 63, 71". */
  spoken: string;
}

function scoreOf(report: ListingReport): number | null {
  const score = report.overallScore;
  return typeof score === 'number' && Number.isFinite(score) ? Math.round(score) : null;
}

function kind(report: ListingReport): string {
  return report.recheckOf ? 're-check' : 'report';
}

/** The trend of a listing's reports (oldest first); null when none of them has a score. */
export function scoreTrend(reports: readonly ListingReport[]): ScoreTrend | null {
  const scored = reports.flatMap((report) => {
    const score = scoreOf(report);
    return score === null ? [] : [{ report, score }];
  });
  const first = scored[0];
  const last = scored[scored.length - 1];
  if (!first || !last) return null;

  const scores = scored.map((s) => s.score);
  const lead = `Listing score ${last.score}/100`;
  let direction: TrendDirection;
  let change: string;
  let context: string;
  if (scored.length === 1) {
    direction = 'single';
    const only = reports.length === 1;
    change = only ? '1 report so far' : '';
    context = only ? '' : `from your ${kind(first.report)} on ${formatDate(first.report.createdAt)}`;
  } else {
    const delta = last.score - first.score;
    direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'unchanged';
    change = delta > 0 ? `up ${delta}` : delta < 0 ? `down ${-delta}` : 'unchanged';
    const which = first.report === reports[0] ? `your first ${kind(first.report)}` : `your ${kind(first.report)}`;
    context = `since ${which} on ${formatDate(first.report.createdAt)}`;
  }
  const tail = [change, context].filter(Boolean).join(' ');
  return {
    scores,
    latest: last.score,
    direction,
    lead,
    change,
    context,
    sentence: tail ? `${lead} · ${tail}` : lead,
    spoken: `Listing score over time: ${scores.join(', ')}`,
  };
}
