// Generated from backend/httpapi/result-envelope.schema.json by frontend/scripts/report-types.mjs: do not edit.
// The result endpoint's answers as the server sends them (backend/httpapi), and the order stages in their order.
import { type ReportContract } from './report-contract';

export const DomainPlanValues = ['basic', 'premium'] as const;
export type DomainPlan = (typeof DomainPlanValues)[number];

export const DomainStageValues = ['paid', 'queued', 'reading_listing', 'analyzing', 'writing', 'rendering_pdf', 'saving'] as const;
export type DomainStage = (typeof DomainStageValues)[number];

export interface HttpapiCompletedResult {
  data: ReportContract;
  order_id: string;
  pdf_pending: boolean;
  recheck: HttpapiRecheckBody | null;
  share: HttpapiShareBody | null;
  status: string;
  success: boolean;
  upgrade: HttpapiUpgradeBody | null;
  watch: HttpapiWatchBody | null;
}

export interface HttpapiEndedResult {
  amount: number;
  error: string;
  nothing_charged?: boolean;
  order_id: string;
  paid: boolean;
  recheck_of?: string;
  refund: HttpapiRefundBody | null;
  status: string;
  success: boolean;
}

export interface HttpapiMissingResult {
  error: string;
  status: string;
  success: boolean;
}

export interface HttpapiPendingResult {
  checkout_url?: string;
  package_type: DomainPlan;
  paid: boolean;
  progress: number;
  stage?: DomainStage;
  status: string;
  success: boolean;
}

export interface HttpapiRecheckBody {
  available: boolean;
  ends_at: string;
  is_recheck: boolean;
  limit: number;
  of: string;
  used: number;
}

export interface HttpapiRefundBody {
  amount: number;
  nothing_charged?: boolean;
  refunded_at: string;
}

export interface HttpapiShareBody {
  expires_at: string;
  url: string;
}

export interface HttpapiUpgradeBody {
  amount: number;
  available: boolean;
  delivers?: string[];
  failure_reason?: string;
  not_offered?: string;
  refund: HttpapiRefundBody | null;
  status?: string;
}

export interface HttpapiWatchBody {
  canResume: boolean;
  checks: HttpapiWatchCheckBody[] | null;
  ended: string;
  left: number;
  listingTitle: string;
  nextCheckAt: string | null;
  of: string;
  startedAt: string;
  state: string;
  used: number;
  weeks: number;
}

export interface HttpapiWatchChangeBody {
  after: string;
  before: string;
  kind: string;
  what: string;
}

export interface HttpapiWatchCheckBody {
  band: string;
  changes: HttpapiWatchChangeBody[] | null;
  checkedAt: string;
  comparables: number;
  currency: string;
  failed: string;
  marketMedian: number | null;
  notice: string;
  price: number | null;
  score: number | null;
  week: string;
}

export type ResultEnvelope = HttpapiCompletedResult | HttpapiPendingResult | HttpapiEndedResult | HttpapiMissingResult;
