/** Shapes the ListingLift API answers with (SPEC §3 field names). Times are RFC 3339 strings. */

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

export type PlanType = 'basic' | 'premium';

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

/** Money given back for an order. */
export interface Refund {
  amount: number;
  refunded_at: string;
  /** The payment never went through the payment provider (payments off): nothing was charged, nothing went back. */
  nothing_charged?: boolean;
}

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
