/**
 * All marketing copy of the landing page ("/", SPEC §2 and §9), in one place so the
 * counts the spec fixes (4 anchors, 8 features, 3 testimonials, 2 plans, 3 FAQs — and a
 * fourth, on Watch: docs/SPEC-DEVIATIONS.md) are
 * easy to see and to test.
 */
import type { FaqItem } from '@/components/ui/faq-list';
import type { IconName } from '@/components/ui/icon';
import { PHOTO_CLAIM } from '@/lib/product';
import socialProof from './social-proof.json';

export interface NavLink {
  href: `#${string}`;
  label: string;
}

/** In-page anchors of the primary navigation (SPEC §2: exactly these four). */
export const NAV_LINKS: readonly NavLink[] = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#testimonials', label: 'Testimonials' },
  { href: '#contact', label: 'Contact' },
];

export const HERO = {
  eyebrow: 'For Airbnb, Vrbo and Booking.com hosts',
  title: 'Fix what’s costing you bookings, with numbers you can check',
  lead:
    'ListingLift reads your listing page, photos, calendar and reviews, compares them with similar ' +
    'listings in your market and turns what it measures into a clear, prioritized plan. Every figure in ' +
    'your report is measured from real data. AI only helps write the copy, never the numbers.',
  points: [
    'Measured from your listing page, photos, calendar and reviews',
    'Benchmarked against comparable listings near you',
    'AI writes copy only: no invented figures',
  ],
  primaryCta: { label: 'Optimize my listing', href: '#optimize' },
  secondaryCta: { label: 'See pricing', href: '#pricing' },
  claim: PHOTO_CLAIM.claim,
  claimNote: PHOTO_CLAIM.note,
  platforms: ['Airbnb', 'Vrbo', 'Booking.com'],
} as const;

export interface SampleFinding {
  label: string;
  icon: IconName;
  finding: string;
}

/**
 * The report excerpt beside the hero copy: figures of the report engine's sample report on an
 * Albany house (backend/report/testdata/golden/albany-house.json; a test keeps them equal).
 */
export const SAMPLE_REPORT = {
  listing: 'Pine Hills home near SUNY · Albany, NY',
  score: { label: 'Listing score', value: 82, band: 'Strong' },
  findings: [
    { label: 'Calendar', icon: 'calendar', finding: '7 gaps are shorter than the minimum stay: 21 nights no one can book' },
    { label: 'Pricing', icon: 'pricing', finding: '$165 a night: 42nd percentile of 24 comparable listings (median $184)' },
    { label: 'Photos', icon: 'photo', finding: '14 photos; top listings show 20–40' },
  ] satisfies SampleFinding[],
  note: 'From a sample report',
} as const;

export const OPTIMIZE_STEPS = [
  { title: 'Paste your listing link', text: 'Any public Airbnb, Vrbo or Booking.com listing page. We read its title and description for you.' },
  { title: 'Choose a plan and pay securely', text: 'Checkout is handled by Stripe. One-time payment, no subscription.' },
  { title: 'Get your report', text: 'Usually ready in about a minute. Premium also sends it by e-mail as a PDF.' },
] as const;

export interface Testimonial {
  name: string;
  propertyType: string;
  location: string;
  quote: string;
}

/**
 * SPEC §2: 3 testimonials, from the file an operator edits (social-proof.json). Until real
 * ones are set there, they are illustrative and labelled so.
 */
export const TESTIMONIALS: readonly Testimonial[] = socialProof.testimonials;
/** The testimonials are examples, not customers' words: the page must say so. */
export const TESTIMONIALS_ILLUSTRATIVE: boolean = socialProof.illustrative;

export const PRICING_NOTE = 'One-time payment per listing. No subscription. Secure checkout by Stripe.';

/**
 * SPEC §2/§9: 3 FAQs, including the 50+ factors and pay-the-difference claims; a fourth says what
 * Watch (issue 45) is and what it is not (docs/SPEC-DEVIATIONS.md).
 */
export const FAQS: readonly FaqItem[] = [
  {
    question: 'What does ListingLift analyze?',
    answer:
      'Your report covers 50+ factors across your title, description, amenities, photos, pricing, calendar, reviews and comparable listings nearby. Every number is measured from that data; nothing is made up.',
  },
  {
    question: 'Can I upgrade from Basic to Premium later?',
    answer:
      'Yes. If you start with Basic and later want the PDF report, e-mail delivery and market analytics, upgrade to Premium and pay only the difference.',
  },
  {
    question: 'Which listing sites are supported, and how long does it take?',
    answer:
      'Paste any public listing URL from Airbnb, Vrbo or Booking.com. Most reports are ready in about a minute; a Premium report can take up to 60 seconds.',
  },
  {
    question: 'What is Watch?',
    answer:
      'Every Premium report includes 12 weeks of Watch. Once a week we read your listing page again, analyze it the same way as your report and look at the comparable listings near you. We e-mail you only when something changed: your score, title, description, photos, amenities or price, the median price of your comparables or where your price sits among them, each with what it was and what it is now. Your dashboard shows every week checked, and each e-mail has links to pause or stop the watch. Watch tells you what changed; it does not promise more bookings or a better ranking. Upgrading a Basic report to Premium adds it.',
  },
];

export const CTA = {
  title: 'Ready to lift your listing?',
  text: 'Paste your link, pick a plan and get a report grounded in your own listing’s data.',
  action: { label: 'Optimize my listing', href: '#optimize' },
} as const;

export const FOOTER = {
  tagline: 'Data-driven optimization for short-term-rental listings.',
  dataCredit: 'Market data: Inside Airbnb (CC BY 4.0)',
} as const;
