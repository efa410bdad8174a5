import {
  type AnalysisAction,
  type AnalysisDistribution,
  type AnalysisEvidence,
  type AnalysisFinding,
  type AnalysisKeywordCheck,
  type ReportActionProgress,
  type ReportChange,
  type ReportComparable,
  type ReportComparison,
  type ReportContract,
  type ReportMarketAnalysis,
  type ReportSectionChange,
} from '@/types/report-contract';
import { DomainStageValues, type DomainStage } from '@/types/result-envelope';

/**
 * The optimization result (SPEC §3 "Backend optimization result") as the screens use it. Its
 * shape is the generated contract (types/report-contract.ts, from the Go types' JSON Schema);
 * a body is checked against that schema once, where the browser receives it
 * (types/report-validate.ts: lib/orders/get-optimization-result.ts and the shared report), so
 * the screens read a typed value. What is left here is what the screens derive from it.
 */
export type OptimizationResult = ReportContract;

/** What a finding or action rests on: the field, the value as the page gives it, where it was read ("not read"), how it was used. */
export type Evidence = AnalysisEvidence;
export type Finding = AnalysisFinding;
export type DescriptionKeyword = AnalysisKeywordCheck;
export type MarketAnalysisData = ReportMarketAnalysis;
/** How one of Inside Airbnb's estimates spreads over the comparables, and where the listing falls. */
export type MarketDistribution = AnalysisDistribution;
/** One action of the report's ranked list (report.actions): most important first. */
export type Recommendation = AnalysisAction;
/** One figure before and after (report.comparison). */
export type BeforeAfter = ReportChange;
/** A re-check's before → after against the report it re-checks (null on a bought report). */
export type Comparison = ReportComparison;
/** What the new read shows of one action of the bought report. */
export type ActionProgress = ReportActionProgress['progress'];

/**
 * The order stages in their order: the server's one list (backend/domain Stages), through the
 * result envelope's generated types.
 */
export const RESULT_STAGES = DomainStageValues;
/** Where a running job is (GET /api/get-optimization-result while pending or processing). */
export type ResultStage = DomainStage;

export function isResultStage(value: unknown): value is ResultStage {
  return typeof value === 'string' && (RESULT_STAGES as readonly string[]).includes(value);
}

/** The overall score's sections, in the report's order. */
export const SECTION_KEYS = ['title', 'description', 'photos', 'amenities', 'pricing', 'reviews', 'availability'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** The five task areas of task_priorities, in SPEC's order. */
export const PRIORITY_KEYS = ['title_priority', 'pricing_priority', 'photo_priority', 'experience_priority', 'booking_priority'] as const;
export type PriorityKey = (typeof PRIORITY_KEYS)[number];

/** A comparable's link, only when it is a listing page on airbnb.com (the report builds it from the id); '' for none. */
export function comparableLink(comparable: Pick<ReportComparable, 'url'>): string {
  return /^https:\/\/www\.airbnb\.com\/rooms\/\d{1,24}$/.test(comparable.url) ? comparable.url : '';
}

/*
 * Compile-time checks: the key lists above are exactly the server's closed sets (the schema's
 * enums, from the Go constants), so a section or task added on the server fails the typecheck.
 * A set also holds '', what a report stored before the field existed is served with (no section).
 */
type Expect<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type ContractChecks = [
  Expect<Same<SectionKey, Exclude<ReportSectionChange['section'], ''>>>,
  Expect<Same<PriorityKey, NonNullable<AnalysisAction['task']>>>,
];
