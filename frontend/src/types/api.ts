/**
 * Shapes the ListingLift API answers with (SPEC §3 field names). Times are RFC 3339 strings.
 * The result endpoint's answers are generated from the server's types (types/result-envelope.ts).
 */
import { type DomainPlan, type HttpapiRefundBody, type HttpapiWatchBody } from './result-envelope';

export interface Customer {
  uid: string;
  email: string;
  displayName: string;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string;
  totalOptimizations: number;
  profileComplete: boolean;
  optimizationIds: string[];
}

/** A plan's id, as the server's domain.Plan: the plan table's ids. */
export type PlanType = DomainPlan;

/** One dashboard row: an optimization without its report. */
export interface OptimizationSummary {
  id: string;
  listingUrl: string;
  listingTitle: string;
  planType: PlanType;
  amount: number;
  /** pending, processing, completed, failed, refunded, expired — or a value the dashboard does not know. */
  status: string;
  createdAt: string;
  completedAt: string | null;
  stripeSessionId: string;
  /** The open checkout's page while it can still be paid (Resume checkout). */
  checkoutUrl?: string;
  /** Whether the order was paid for (an unpaid one can be removed). */
  paid?: boolean;
  refund?: Refund | null;
  /** A finished Basic report that can be upgraded to Premium for upgradeAmount. */
  canUpgrade?: boolean;
  upgradeAmount?: number;
  /** open, paid, completed or refunded: how the last upgrade went. */
  upgradeStatus?: string;
  /** The row is a free re-check of this bought report. */
  recheckOf?: string;
  /** The report has a live read-only share link until then (Stop sharing ends it). */
  sharedUntil?: string;
}

/**
 * Money given back for an order, as the result envelope sends it (generated from the server's
 * type: types/result-envelope.ts). nothing_charged: the payment never went through the payment
 * provider (payments off): nothing was charged, nothing went back.
 */
export type Refund = HttpapiRefundBody;

/** A whole optimization record (GET /api/optimizations/{id}); empty fields may be absent. */
export interface Optimization extends Omit<OptimizationSummary, 'completedAt' | 'stripeSessionId' | 'refund'> {
  customerUid: string;
  customerEmail: string;
  listingDescription: string;
  completedAt?: string | null;
  stripeSessionId?: string;
  results?: unknown;
}

export interface OptimizationsPage {
  items: OptimizationSummary[];
  page: number;
  pageSize: number;
  total: number;
  /** Passed back as ?after= for the next page, which then reads only its own rows; absent on the last page. */
  nextCursor?: string;
}

/** One completed report of a listing, in GET /api/listings (its score for the trend). */
export interface ListingReport {
  id: string;
  stripeSessionId: string;
  planType: PlanType;
  createdAt: string;
  /** The report's overall score out of 100; null when the report has none. */
  overallScore: number | null;
  /** Set on a free re-check: the bought report it re-checks. */
  recheckOf?: string;
}

/** The re-check a listing's newest bought report offers, as GET /api/listings sends it. */
export interface ListingRecheckBody {
  available: boolean;
  used: number;
  limit: number;
  ends_at: string;
  /** The bought report, where re-checks count (the one to re-check). */
  of: string;
  is_recheck?: boolean;
}

/** One listing the host has reports of, with its reports oldest first. */
export interface ListingHistoryBody {
  listingUrl: string;
  listingTitle: string;
  reports: ListingReport[];
  recheck: ListingRecheckBody | null;
  /** The watch of the listing's bought Premium report (issue 45); null when it has none. */
  watch?: WatchBody | null;
}

/** A watch's state: checked weekly, paused or stopped by the host, or over for good (`ended` says why). */
export type WatchStateBody = 'active' | 'paused' | 'stopped' | 'ended';
export type WatchEndBody = '' | 'completed' | 'refunded' | 'removed';
/** Where the listing's nightly price sits among its comparables' ('' when it could not be placed). */
export type WatchBandBody = '' | 'bottom third' | 'middle third' | 'top third';
/** The e-mail a week owed: '' none. */
export type WatchNoticeBody = '' | 'changes' | 'unreadable' | 'removed';

/** One thing that changed in a week, with its evidence ("" where a side has none). */
export interface WatchChangeBody {
  kind: string;
  what: string;
  before: string;
  after: string;
}

/** One week's check of a watch. A failed week (`failed` its reason) has no figures. */
export interface WatchCheckBody {
  /** ISO week, "2026-W49". */
  week: string;
  checkedAt: string;
  /** Why the listing could not be read this week; "" when it was read. */
  failed: string;
  score: number | null;
  price: number | null;
  marketMedian: number | null;
  /** ISO 4217 ("USD"); "" when unknown. */
  currency: string;
  comparables: number;
  band: WatchBandBody;
  changes: WatchChangeBody[];
  notice: WatchNoticeBody;
}

/** A bought Premium report's watch (issue 45), as GET /api/listings and the result envelope send it. */
export interface WatchBody {
  /** The watched order's id (POST /api/optimizations/{of}/watch). */
  of: string;
  listingTitle: string;
  state: WatchStateBody;
  ended: WatchEndBody;
  weeks: number;
  used: number;
  left: number;
  startedAt: string;
  nextCheckAt: string | null;
  /** Paused or stopped (or ended because the listing was removed) with weeks left. */
  canResume: boolean;
  /** Oldest first. */
  checks: WatchCheckBody[];
}

/*
 * Compile-time check: WatchBody names exactly the fields of the server's type (which the
 * envelope's generated HttpapiWatchBody mirrors); its closed sets are narrower than the Go strings.
 */
type Expect<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type WatchBodyChecks = [Expect<Same<keyof WatchBody, keyof HttpapiWatchBody>>];

/** POST /api/optimizations/{id}/watch. */
export interface WatchActionResponse {
  success: true;
  watch: WatchBody;
}

/** POST /api/watch (an e-mail's link, no sign-in). */
export interface WatchLinkResponse {
  success: true;
  state: WatchStateBody;
  listingTitle: string;
}

/** GET /api/listings: the listing reported on most recently first; only completed reports. */
export interface ListingsResponse {
  success: true;
  listings: ListingHistoryBody[];
}

export interface CustomerResponse {
  success: true;
  customer: Customer;
}

export interface OptimizationsResponse extends OptimizationsPage {
  success: true;
}

export interface OptimizationResponse {
  success: true;
  optimization: Optimization;
}
