// Generated from backend/report/result.schema.json by frontend/scripts/report-types.mjs: do not edit.
// The report as the server sends it; types/report-validate.ts checks a body against it.

export interface AnalysisAction {
  action: string;
  area: string;
  effect?: AnalysisActionEffect;
  evidence?: AnalysisEvidence[];
  finding: string;
  priority: 'HIGH' | 'MEDIUM' | 'LOW' | '';
  severity: 'high' | 'medium' | 'low' | 'info' | '';
  task?: 'title_priority' | 'pricing_priority' | 'photo_priority' | 'experience_priority' | 'booking_priority';
}

export interface AnalysisActionEffect {
  high: number;
  kind: string;
  low: number;
  text: string;
}

export interface AnalysisAmenityAnalysis {
  count: number;
  expected: string[] | null;
  expected_basis?: string;
  expected_coverage: number;
  expected_not_included: string[] | null;
  explanation: string;
  findings: AnalysisFinding[] | null;
  market?: AnalysisAmenityMarket;
  missing: string[] | null;
  not_assessed?: string;
  not_expected?: string[];
  not_included: string[] | null;
  partial?: boolean;
  present: string[] | null;
  read: boolean;
  suggestions: AnalysisAmenitySuggestion[] | null;
}

export interface AnalysisAmenityMarket {
  best_performers: number;
  common_among_best: AnalysisAmenityShare[] | null;
  comparables: number;
  count_percentile: number;
  median_count: number;
  ranked_by?: string;
  standard: string[] | null;
  standard_coverage: number;
}

export interface AnalysisAmenityShare {
  amenity: string;
  listing_has: boolean;
  share_all: number;
  share_best: number;
  share_rest: number;
}

export interface AnalysisAmenitySuggestion {
  amenity: string;
  evidence: string;
  key: string;
  rank: number;
  reason: string;
  source: string;
}

export interface AnalysisBookingGapAnalysis {
  as_of?: string;
  below_min_stay_gaps: number;
  explanation: string;
  findings: AnalysisFinding[] | null;
  gap_nights: number;
  gaps: AnalysisGap[] | null;
  nights: number;
  open_nights: number;
  orphan_gaps: number;
  recommendations: string[] | null;
  source?: string;
  status: string;
  unavailable_nights: number;
  weekday_open_share: number;
  weekend_open_share: number;
  window_end?: string;
  window_from_snapshot: boolean;
  window_past: boolean;
  window_start?: string;
}

export interface AnalysisCompetitiveScores {
  amenity_score: AnalysisScore;
  experience_score: AnalysisScore;
  market_positioning: AnalysisScore;
  visual_score: AnalysisScore;
}

export interface AnalysisCoverPhoto {
  assessment: string;
  caption?: string;
  room?: string;
  url: string;
}

export interface AnalysisDescriptionAnalysis {
  explanation: string;
  findings: AnalysisFinding[] | null;
  key_facts: AnalysisFactCheck[] | null;
  keyword_coverage: number;
  keywords: AnalysisKeywordCheck[] | null;
  language?: string;
  not_assessed?: boolean;
  readability: number;
  readability_formula?: string;
  readability_label: string;
  score: number;
  sections: AnalysisSection[] | null;
  word_count: number;
}

export interface AnalysisDistribution {
  comparables: number;
  explanation: string;
  listing?: number;
  listing_percentile?: number;
  p25: number;
  p50: number;
  p75: number;
  position?: string;
}

export interface AnalysisEvidence {
  field: string;
  note?: string;
  value: string;
  where: string;
}

export interface AnalysisFactCheck {
  evidence?: string;
  fact: string;
  present: boolean;
}

export interface AnalysisFinding {
  action?: string;
  code: string;
  evidence?: AnalysisEvidence[];
  message: string;
  severity: 'high' | 'medium' | 'low' | 'info' | '';
}

export interface AnalysisGap {
  below_min_stay: boolean;
  min_nights?: number;
  nights: number;
  orphan: boolean;
  start: string;
}

export interface AnalysisGuestProfile {
  explanation: string;
  primary: string;
  reviews_read: number;
  segments: AnalysisSegment[] | null;
}

export interface AnalysisKeywordCheck {
  keyword: string;
  present: boolean;
}

export interface AnalysisPhotoAudit {
  caption_coverage: number | null;
  captioned: number | null;
  count: number | null;
  cover?: AnalysisCoverPhoto;
  explanation: string;
  findings: AnalysisFinding[] | null;
  minimum: number;
  minimum_said?: string;
  missing_rooms: string[] | null;
  not_assessed?: boolean;
  quality?: AnalysisPhotoQuality;
  rooms: AnalysisRoomCoverage[] | null;
  score: number | null;
  top_range: [number, number];
}

export interface AnalysisPhotoMetrics {
  brightness: number;
  error?: string;
  hash: string;
  height: number;
  resolution_ok: boolean;
  sharp: boolean;
  sharpness: number;
  url?: string;
  width: number;
}

export interface AnalysisPhotoPair {
  a: number;
  b: number;
}

export interface AnalysisPhotoQuality {
  blurry: number;
  failed: number;
  low_resolution: number;
  measured: number;
  near_duplicates: AnalysisPhotoPair[] | null;
  photos: AnalysisPhotoMetrics[] | null;
  score: number | null;
  timed_out: number;
  too_bright: number;
  too_dark: number;
}

export interface AnalysisPriceEstimate {
  basis: string;
  high: number;
  low: number;
  typical: number;
}

export interface AnalysisPricingAnalysis {
  advice: string[] | null;
  calendar_prices_flat?: boolean;
  comparables: number;
  currency?: string;
  estimate?: AnalysisPriceEstimate;
  explanation: string;
  findings: AnalysisFinding[] | null;
  general_guidance: boolean;
  open_next_14: number;
  p25?: number;
  p50?: number;
  p75?: number;
  percentile?: number;
  position?: string;
  price?: number;
  price_source?: string;
  status: 'compared' | 'estimate' | 'no_comparables' | 'not_enough_data' | '';
  weekday_average?: number;
  weekend_average?: number;
  weekend_premium_percent?: number;
}

export interface AnalysisRevenueBaseline {
  annual_revenue: number;
  currency?: string;
  gain_high: number;
  gain_low: number;
  source: string;
}

export interface AnalysisRevenueComponent {
  area: string;
  basis: string;
  change: string;
  high: number;
  kind: string;
  low: number;
  source: string;
}

export interface AnalysisRevenueMoney {
  booked_nights: number;
  nightly_price: number;
  nights_a_month: number;
  nights_basis: string;
  nights_source: string;
  out_of: number;
  price_source: string;
}

export interface AnalysisRevenueProjection {
  baseline?: AnalysisRevenueBaseline;
  basis?: string;
  caps: [number, number];
  components: AnalysisRevenueComponent[] | null;
  currency?: string;
  estimate: boolean;
  explanation: string;
  headline: string;
  money?: AnalysisRevenueMoney;
  monthly_high: number;
  monthly_low: number;
  needs?: string;
  not_quantified: string[] | null;
  revenue_impact: number;
  revenue_impact_high: number;
  revenue_impact_low: number;
  revenue_impact_range: string;
}

export interface AnalysisReviewAnalysis {
  analyzed: number;
  complaints: string[] | null;
  explanation: string;
  findings: AnalysisFinding[] | null;
  negative: number;
  neutral: number;
  no_text?: number;
  positive: number;
  praised: string[] | null;
  rating?: number;
  review_count?: number;
  sentiment_score: number;
  skipped: number;
  source?: string;
  summary: string;
  texts: number;
  themes: AnalysisThemeStat[] | null;
}

export interface AnalysisRoomCoverage {
  covered: boolean;
  photos: number;
  room: string;
}

export interface AnalysisScore {
  components: AnalysisScoreComponent[] | null;
  explanation: string;
  formula: string;
  not_assessed?: boolean;
  value: number;
}

export interface AnalysisScoreComponent {
  basis: string;
  name: string;
  value: number;
  weight: number;
}

export interface AnalysisSeasonMonth {
  busiest?: boolean;
  first: string;
  last: string;
  listing_nights?: number;
  listing_unavailable_share?: number;
  listings: number;
  median_price?: number;
  month: string;
  nights: number;
  priced_listings?: number;
  quietest?: boolean;
  unavailable_share: number;
}

export interface AnalysisSeasonality {
  busiest_month?: string;
  comparables: number;
  end: string;
  explanation: string;
  has_prices: boolean;
  listing_unavailable_share?: number;
  months: AnalysisSeasonMonth[] | null;
  nights_left_out?: number;
  quietest_month?: string;
  source: string;
  start: string;
  unavailable_share: number;
}

export interface AnalysisSection {
  found: string;
  key: string;
  name: string;
}

export interface AnalysisSectionScores {
  amenities: number | null;
  availability: number | null;
  description: number | null;
  photos: number | null;
  pricing: number | null;
  reviews: number | null;
  title: number | null;
}

export interface AnalysisSegment {
  evidence: string[] | null;
  key: string;
  likely: boolean;
  name: string;
  score: number;
}

export interface AnalysisTaskPriorities {
  booking_priority: 'HIGH' | 'MEDIUM' | 'LOW' | 'NOT ASSESSED' | '';
  experience_priority: 'HIGH' | 'MEDIUM' | 'LOW' | 'NOT ASSESSED' | '';
  photo_priority: 'HIGH' | 'MEDIUM' | 'LOW' | 'NOT ASSESSED' | '';
  pricing_priority: 'HIGH' | 'MEDIUM' | 'LOW' | 'NOT ASSESSED' | '';
  reasons: Record<string, string> | null;
  title_priority: 'HIGH' | 'MEDIUM' | 'LOW' | 'NOT ASSESSED' | '';
}

export interface AnalysisThemeStat {
  mentions: number;
  negative: number;
  positive: number;
  theme: string;
}

export interface AnalysisTitleAnalysis {
  caps_words: string[] | null;
  contact_details: string[] | null;
  differentiators: string[] | null;
  emoji: string[] | null;
  explanation: string;
  findings: AnalysisFinding[] | null;
  first_30: string;
  first_30_strong: boolean;
  length: number;
  length_not_assessed?: boolean;
  limit: number;
  limit_note?: string;
  location?: string;
  not_judged?: string;
  over_limit: boolean;
  property_type?: string;
  score: number;
  title: string;
  unmentioned: string[] | null;
}

export interface ReportActionProgress {
  action: string;
  area: string;
  effect?: AnalysisActionEffect;
  evidence?: AnalysisEvidence[];
  finding: string;
  priority: 'HIGH' | 'MEDIUM' | 'LOW' | '';
  progress: 'done' | 'partly done' | 'not yet' | '';
  severity: 'high' | 'medium' | 'low' | 'info' | '';
  task?: 'title_priority' | 'pricing_priority' | 'photo_priority' | 'experience_priority' | 'booking_priority';
}

export interface ReportChange {
  after: number;
  before: number;
}

export interface ReportComparable {
  badges: string[] | null;
  bedrooms?: number;
  distance_km: number;
  price?: number;
  rating?: number;
  review_count: number;
  title: string;
  url: string;
}

export interface ReportComparison {
  actions: ReportActionProgress[] | null;
  amenities_added: string[] | null;
  amenities_removed: string[] | null;
  before_generated_at: string;
  description_edited: boolean;
  description_words: ReportChange;
  overall: ReportChange | null;
  photos: ReportChange;
  recheck_of: string;
  sections: ReportSectionChange[] | null;
  title_after: string;
  title_before: string;
}

export interface ReportCompetitiveScores {
  amenity_score: number | null;
  details: AnalysisCompetitiveScores;
  experience_score: number | null;
  market_positioning: number | null;
  visual_score: number | null;
}

export interface ReportDataSource {
  attribution?: string;
  detail: string;
  name: string;
}

export interface ReportListingRead {
  facts: ReportReadFact[] | null;
  where: string;
}

export interface ReportMarketAnalysis {
  attribution?: string;
  available: boolean;
  basis?: string;
  best_performers: number;
  common_among_best: AnalysisAmenityShare[] | null;
  comparables: number;
  currency?: string;
  estimated_occupancy?: AnalysisDistribution;
  estimated_revenue?: AnalysisDistribution;
  explanation: string;
  guest_favorite_share?: number;
  history?: ReportMarketHistory;
  instant_book_share?: number;
  list: ReportComparable[] | null;
  listing_estimated_occupancy_nights?: number;
  listing_estimated_revenue?: number;
  listing_in_data: boolean;
  market?: string;
  median_amenities?: number;
  median_estimated_occupancy_nights?: number;
  median_estimated_revenue?: number;
  median_rating?: number;
  median_reviews?: number;
  missing?: string[];
  note?: string;
  price_p25?: number;
  price_p50?: number;
  price_p75?: number;
  price_percentile?: number;
  radius_km?: number;
  ranked_by?: string;
  rating_percentile?: number;
  ratings?: AnalysisDistribution;
  review_count_percentile?: number;
  review_counts?: AnalysisDistribution;
  seasonality?: AnalysisSeasonality;
  snapshot?: string;
  source?: 'inside_airbnb' | 'live';
  stay_checkin?: string;
  stay_checkout?: string;
  superhost_share?: number;
  title_patterns: ReportTitlePattern[] | null;
  today_prices?: ReportTodayPrices;
}

export interface ReportMarketHistory {
  currency: string;
  explanation: string;
  heading: string;
  points: ReportMarketWeek[] | null;
  weeks: number;
}

export interface ReportMarketWeek {
  band?: string;
  checked_at: string;
  comparables: number;
  median: number;
  price: number | null;
  week: string;
}

export interface ReportPerformanceInsights {
  photo_count: number;
  revenue_insights: string[] | null;
  review_sentiment: string;
  seo_keywords: string[] | null;
  strategic_recommendations: string[] | null;
  word_count: {
    optimized: number;
    original: number;
  };
}

export interface ReportRatingShown {
  scale: number;
  text: string;
  value: number;
}

export interface ReportReadFact {
  items?: string[];
  key: 'title' | 'place' | 'property_type' | 'room_type' | 'guests' | 'bedrooms' | 'beds' | 'baths' | 'rating' | 'reviews' | 'photos' | 'amenities' | 'language' | 'host' | 'check_in' | 'check_out' | 'price' | '';
  label: string;
  number?: number;
  scale?: number;
  shown?: string;
  source?: 'embedded-json' | 'json-ld' | 'opengraph' | 'meta' | 'markup' | 'api' | 'typed';
  status: 'read' | 'partial' | 'not_read' | 'not_on_site' | '';
  value: string;
  where?: string;
}

export interface ReportResult {
  actions: AnalysisAction[] | null;
  amenities: string[] | null;
  amenity_analysis: AnalysisAmenityAnalysis;
  amenity_copy: string;
  attribution?: string;
  booking_gap_analysis: AnalysisBookingGapAnalysis;
  comparison: ReportComparison | null;
  competitive_scores: ReportCompetitiveScores;
  data_sources: ReportDataSource[] | null;
  description_analysis: AnalysisDescriptionAnalysis;
  explanations: Record<string, string> | null;
  generated_at: string;
  guest_profile_analysis: AnalysisGuestProfile;
  guest_rating: number | null;
  image_urls: string[] | null;
  layout: 'embedded' | 'json-ld' | 'page text' | 'summary tags' | 'typed' | '';
  layout_notice?: string;
  listing: ReportListingRead | null;
  listing_url: string;
  location: string;
  market_analysis_data: ReportMarketAnalysis | null;
  optimized_description: string;
  optimized_title: string;
  original_description: string;
  original_title: string;
  overall_band: 'Strong' | 'Good' | 'Room to grow' | 'Needs attention' | 'Not assessed' | '';
  overall_score: number | null;
  package_type: 'basic' | 'premium' | '';
  pdf_download_url: string;
  performance_insights: ReportPerformanceInsights | null;
  photo_audit: AnalysisPhotoAudit;
  platform: 'airbnb' | 'vrbo' | 'booking' | '';
  premium_title_suggestions?: number;
  pricing_analysis: AnalysisPricingAnalysis;
  rating_on_page: ReportRatingShown | null;
  revenue_projections: AnalysisRevenueProjection;
  review_analysis: AnalysisReviewAnalysis;
  review_summary: string;
  section_scores: AnalysisSectionScores;
  suggested_amenities: string;
  task_order: ('title_priority' | 'pricing_priority' | 'photo_priority' | 'experience_priority' | 'booking_priority')[] | null;
  task_priorities: AnalysisTaskPriorities;
  title: string;
  title_analysis: AnalysisTitleAnalysis;
  title_suggestions: string[] | null;
  top_recommendations: AnalysisAction[] | null;
  warnings: string[] | null;
  writer_labels: Record<string, string> | null;
  writer_notes: string[] | null;
  writers: Record<string, string> | null;
}

export interface ReportSectionChange {
  after: number | null;
  before: number | null;
  section: 'title' | 'description' | 'photos' | 'amenities' | 'pricing' | 'reviews' | 'availability' | '';
}

export interface ReportTitlePattern {
  in_listing: boolean;
  share_best: number;
  share_rest: number;
  word: string;
}

export interface ReportTodayPrices {
  comparables: number;
  currency: string;
  explanation: string;
  p25: number;
  p50: number;
  p75: number;
  searched_on: string;
  stay_checkin: string;
  stay_checkout: string;
}

export type ReportContract = ReportResult;
