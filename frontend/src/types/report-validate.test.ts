import { describe, expect, it } from 'vitest';
import {
  GOLDEN_ALBANY,
  GOLDEN_LISBON,
  GOLDEN_LISBON_LIVE,
  GOLDEN_LISBON_RECHECK,
  GOLDEN_SPARSE,
  SERVED_BEFORE_ACTIONS,
  SERVED_BEFORE_OVERALL_SCORE,
  SERVED_FIRST_REPORTS,
} from '@/testing/golden';
import { validateReport } from './report-validate';

const GOLDENS = { GOLDEN_ALBANY, GOLDEN_LISBON, GOLDEN_LISBON_LIVE, GOLDEN_LISBON_RECHECK, GOLDEN_SPARSE };

/** The problems validateReport finds in a golden report once the value at `path` ("actions.2.priority") is `value`; undefined deletes it. */
function problemsWith(golden: unknown, path: string, value: unknown): string[] {
  const report: unknown = structuredClone(golden);
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let at = report as Record<string, unknown>;
  for (const key of keys) at = at[key] as Record<string, unknown>;
  if (value === undefined) Reflect.deleteProperty(at, last);
  else at[last] = value;
  const check = validateReport(report);
  return check.ok ? [] : check.problems;
}

describe('validateReport', () => {
  it.each(Object.entries(GOLDENS))('passes the engine’s golden report %s as it is', (_, golden) => {
    const check = validateReport(golden);
    expect(check.ok ? [] : check.problems).toEqual([]);
    expect(check.ok && check.report).toBe(golden);
  });

  it('names the path of a value outside its closed set', () => {
    expect(problemsWith(GOLDEN_ALBANY, 'actions.2.priority', 'URGENT')).toEqual([
      'report.actions[2].priority: expected one of HIGH, MEDIUM, LOW, "", got "URGENT"',
    ]);
    expect(problemsWith(GOLDEN_LISBON_RECHECK, 'comparison.sections.0.section', 'location')).toEqual([
      'report.comparison.sections[0].section: expected one of title, description, photos, amenities, pricing, reviews, availability, "", got "location"',
    ]);
    expect(problemsWith(GOLDEN_SPARSE, 'package_type', 'Premium')).toEqual(['report.package_type: expected one of basic, premium, "", got "Premium"']);
  });

  it('names a missing required field', () => {
    expect(problemsWith(GOLDEN_LISBON, 'task_priorities.reasons', undefined)).toEqual(['report.task_priorities.reasons: missing']);
    expect(problemsWith(GOLDEN_SPARSE, 'title_suggestions', undefined)).toEqual(['report.title_suggestions: missing']);
  });

  it('names a value of the wrong type, and null where the server never writes null', () => {
    expect(problemsWith(GOLDEN_ALBANY, 'guest_rating', '4.9')).toEqual(['report.guest_rating: expected a number or null, got "4.9"']);
    expect(problemsWith(GOLDEN_ALBANY, 'overall_score', 80.5)).toEqual(['report.overall_score: expected an integer or null, got number']);
    expect(problemsWith(GOLDEN_ALBANY, 'title_analysis', [])).toEqual(['report.title_analysis: expected an object, got a list']);
    // evidence is left out when there is none (omitempty), never null.
    expect(problemsWith(GOLDEN_ALBANY, 'actions.0.evidence', null)).toEqual(['report.actions[0].evidence: expected a list, got null']);
    expect(problemsWith(GOLDEN_ALBANY, 'photo_audit.top_range', [1])).toEqual(['report.photo_audit.top_range: expected a list of 2, got a list']);
  });

  it('holds dates to the layout the server writes them in', () => {
    expect(problemsWith(GOLDEN_ALBANY, 'market_analysis_data.seasonality.months.0.month', 'October 2025')).toEqual([
      'report.market_analysis_data.seasonality.months[0].month: expected a string like ^$|^\\d{4}-\\d{2}$, got "October 2025"',
    ]);
  });

  it('lets through a field it does not know (a page opened before the server added it)', () => {
    expect(problemsWith(GOLDEN_SPARSE, 'something_new', { nested: true })).toEqual([]);
  });

  it('refuses what is not a report at all', () => {
    for (const value of [null, undefined, 'report', 42, []]) {
      const check = validateReport(value);
      expect(check.ok).toBe(false);
      expect(check.ok ? [] : check.problems).toHaveLength(1);
    }
    const empty = validateReport({});
    expect(empty.ok ? [] : empty.problems).toContain('report.package_type: missing');
  });
});

describe('validateReport: every report a host ever bought', () => {
  const SERVED = { SERVED_BEFORE_OVERALL_SCORE, SERVED_BEFORE_ACTIONS, SERVED_FIRST_REPORTS };

  it.each(Object.entries(SERVED))('passes the Albany report stored at an earlier version, as the server serves it (%s)', (_, served) => {
    const check = validateReport(served);
    expect(check.ok ? [] : check.problems).toEqual([]);
  });

  it('refuses such a report as it was stored: the server must serve it in today’s shape', () => {
    const stored = structuredClone(SERVED_FIRST_REPORTS) as Record<string, unknown>;
    for (const key of ['overall_score', 'overall_band', 'section_scores', 'layout', 'actions', 'task_order', 'comparison']) Reflect.deleteProperty(stored, key);
    const check = validateReport(stored);
    expect(check.ok ? [] : check.problems).toEqual(expect.arrayContaining(['report.overall_band: missing', 'report.actions: missing', 'report.layout: missing']));
  });

  it('takes the "" a field written always has when the stored report lacked it, and still refuses a wrong value', () => {
    expect(problemsWith(GOLDEN_ALBANY, 'overall_band', '')).toEqual([]);
    expect(problemsWith(GOLDEN_ALBANY, 'top_recommendations.0.priority', '')).toEqual([]);
    expect(problemsWith(GOLDEN_ALBANY, 'task_priorities.title_priority', '')).toEqual([]);
    expect(problemsWith(GOLDEN_ALBANY, 'market_analysis_data.seasonality.months.0.month', '')).toEqual([]);
    // A field left out when empty (omitempty) is never served as "".
    expect(problemsWith(GOLDEN_ALBANY, 'market_analysis_data.seasonality.busiest_month', '')).toHaveLength(1);
    expect(problemsWith(GOLDEN_ALBANY, 'overall_band', 'Excellent')).toHaveLength(1);
    expect(problemsWith(GOLDEN_ALBANY, 'top_recommendations.0.priority', 'URGENT')).toHaveLength(1);
    expect(problemsWith(GOLDEN_ALBANY, 'task_priorities.title_priority', ' ')).toHaveLength(1);
  });
});
