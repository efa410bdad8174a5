// Generated from backend/plans/plans.json by frontend/scripts/report-types.mjs: do not edit.
// The plan table as the server serves it in /runtime-config.js; lib/plans reads the served one.

export interface PlanFacts {
  id: "basic" | "premium";
  name: string;
  priceCents: number;
  currency: string;
  unit: string;
  tagline: string;
  titleSuggestions: number;
  titleOptions: string;
  marketAnalytics: boolean;
  photoMeasurements: boolean;
  titleLimitNote: boolean;
  pdf: boolean;
  email: boolean;
  supportDays: number;
  watchWeeks: number;
  summary: string;
  features: readonly string[];
  badge: string;
}

export const PLAN_TABLE: readonly PlanFacts[] = [
  {
    "id": "basic",
    "name": "Basic",
    "priceCents": 499,
    "currency": "usd",
    "unit": "per listing",
    "tagline": "A focused tune-up for one listing.",
    "titleSuggestions": 3,
    "titleOptions": "3",
    "marketAnalytics": false,
    "photoMeasurements": false,
    "titleLimitNote": false,
    "pdf": false,
    "email": false,
    "supportDays": 7,
    "watchWeeks": 0,
    "summary": "Core report, 3 suggestions, 7-day support",
    "features": [
      "The core report: titles, description, amenities, pricing, photos, guests, booking gaps and scores",
      "3 tailored suggestions",
      "7-day support"
    ],
    "badge": ""
  },
  {
    "id": "premium",
    "name": "Premium",
    "priceCents": 1999,
    "currency": "usd",
    "unit": "per listing",
    "tagline": "The full analysis, delivered to your inbox.",
    "titleSuggestions": 10,
    "titleOptions": "10+",
    "marketAnalytics": true,
    "photoMeasurements": true,
    "titleLimitNote": true,
    "pdf": true,
    "email": true,
    "supportDays": 7,
    "watchWeeks": 12,
    "summary": "Everything in Basic, 10+ suggestions, PDF, e-mail delivery, market analytics and 12 weeks of Watch",
    "features": [
      "Everything in Basic",
      "10+ tailored suggestions",
      "Downloadable PDF report",
      "Report delivered by e-mail",
      "Market analytics for your area",
      "12 weeks of Watch: your listing and its market checked weekly, with an e-mail only when something changed"
    ],
    "badge": "Best value"
  }
];
