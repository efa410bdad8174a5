import { type AppConfig } from '@/lib/config';
import { PLANS } from '@/lib/plans';
import { type LegalPath } from '@/lib/legal-pages';

/** One section of a legal page: a heading and paragraphs or bullet points (plain text only). */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface LegalDocument {
  title: string;
  /** The day this text last changed (shown as "Last updated"). */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

type Operator = Pick<AppConfig, 'companyName' | 'companyAddress' | 'supportEmail'>;

/**
 * The development server's stand-in when no operator is configured ("ListingLift (development)",
 * backend/config): a placeholder for developers, never shown to a host (issue 43).
 */
const DEVELOPMENT_PLACEHOLDER = /\s*\(development\)$/;

/** The configured operator's name, or "" when none is (only the placeholder or the product's own name). */
export function operatorName(c: Operator): string {
  const name = c.companyName.replace(DEVELOPMENT_PLACEHOLDER, '').trim();
  return name === 'ListingLift' ? '' : name;
}

/** Who runs the service, as every legal page names it: its name and, when configured, its postal address; "" when not configured. */
export function operatorLine(c: Operator): string {
  const name = operatorName(c);
  if (!name) return '';
  return c.companyAddress ? `${name}, ${c.companyAddress}` : name;
}

/** Each page's contact paragraph: the support address, and a postal line only when an address is configured. */
function contact(what: string, c: Operator): string {
  const post = c.companyAddress ? ` Post: ${operatorLine(c) || c.companyAddress}.` : '';
  return `${what}: ${c.supportEmail}.${post}`;
}

const UPDATED = 'November 25, 2026';

/**
 * The texts of the legal pages. They describe what the product does (what is read, what is
 * stored, where, for how long, what is refunded and when); change them with the product.
 */
export function legalDocument(path: LegalPath, c: Operator): LegalDocument {
  const who = operatorLine(c);
  switch (path) {
    case '/terms':
      return {
        title: 'Terms of service',
        updated: UPDATED,
        intro: `${who ? `ListingLift is operated by ${who}. ` : ''}By creating an account or buying a report you agree to these terms.`,
        sections: [
          {
            heading: 'What you buy',
            paragraphs: [
              `A one-time report on one listing: Basic (${PLANS.basic.price}) or Premium (${PLANS.premium.price}). There is no subscription. An upgrade from Basic to Premium charges the difference.`,
              'We read the public page of the listing you give us (for Airbnb listings also its public availability calendar and reviews), compare it with market data where we have it, and write the report. Payment is taken by Stripe’s hosted checkout.',
            ],
          },
          {
            heading: 'Your listing and what you publish',
            bullets: [
              'Only submit listings you host or manage.',
              'Suggested titles and descriptions are written by software on top of the facts we measure. Read them before you use them: you decide what goes on your listing and you are responsible for it.',
              'Revenue projections are estimates built from published studies and your listing’s own figures. They are not a promise of bookings or income.',
            ],
          },
          {
            heading: 'Your account',
            bullets: [
              'Keep your password to yourself. You can delete your account at any time from your dashboard.',
              'Do not use the service to read pages in bulk or automatically.',
            ],
          },
          {
            heading: 'Refunds',
            paragraphs: ['Our refund policy explains when we refund a report, including the automatic refund when a paid report cannot be delivered.'],
          },
          {
            heading: 'Other companies’ names and data',
            paragraphs: [
              'Airbnb, Vrbo and Booking.com are trademarks of their owners. ListingLift is not affiliated with them.',
              'Market figures marked as Inside Airbnb’s come from insideairbnb.com under the CC BY 4.0 licence.',
            ],
          },
          {
            heading: 'Contact',
            paragraphs: [contact('Questions about these terms', c)],
          },
        ],
      };
    case '/privacy':
      return {
        title: 'Privacy policy',
        updated: UPDATED,
        intro: `${who ? `${who} runs ListingLift and is` : 'ListingLift is'} responsible for the personal data it keeps. This page says what that is, where it is kept, for how long, and how to have it deleted.`,
        sections: [
          {
            heading: 'What we keep',
            bullets: [
              'Your account: your e-mail address and the name you give. Your password is held by Firebase Authentication (Google); we never see it.',
              'Your orders: the listing link, the plan, the amount, the status and dates, and Stripe’s payment references. Your card details go to Stripe and never reach us.',
              'Your reports: what we read from the listing’s public page (title, description, photo links, amenities, ratings) and the analysis and copy we wrote from it, with a PDF for Premium.',
              'The Premium e-mail we send you with your report.',
            ],
          },
          {
            heading: 'What we never keep',
            bullets: [
              'Reviewers’ names or profiles: review texts are read to find what guests praise or criticise, and the report shows only those themes and counts.',
              'Payment card details.',
              'Advertising or tracking cookies: the browser keeps only your sign-in session and an unfinished order form, in its local storage.',
            ],
          },
          {
            heading: 'Where it is kept and who helps us',
            bullets: [
              'Google Cloud (Firebase Authentication, Firestore, Cloud Storage, Cloud Run) holds accounts, orders, reports and PDFs.',
              'Stripe takes payments and keeps its own payment records.',
              'SendGrid delivers the Premium e-mail.',
              'Google Gemini may write the suggested copy: it receives your listing’s public text, never your account details.',
            ],
          },
          {
            // What a share link shows, to whom, for how long, and how it ends (share-offer.tsx, sharelink.TTL).
            heading: 'Share links',
            bullets: [
              'A share link is made only when you ask for one (“Share this report” on your report’s page). Anyone you give it to can open that one report, read-only, without an account: the listing details, scores, actions and suggested copy the report shows.',
              'It never shows your e-mail address, your payment or order details, or the PDF.',
              'It works for 30 days, then stops by itself. “Stop sharing” ends it sooner, for every copy of it; deleting your account ends it too.',
            ],
          },
          {
            heading: 'How long',
            paragraphs: [
              'Orders and reports stay while your account exists, so your dashboard can show them. Records of processed payment notifications are deleted after 30 days. Backups roll off within 30 days.',
            ],
          },
          {
            heading: 'Deleting your account',
            paragraphs: [
              'Choose “Delete my account” on your dashboard. It deletes your account, your orders, your reports and their PDFs at once (a very large account is closed at once and the rest deleted within minutes). Stripe keeps its own payment records, as payment law requires.',
            ],
          },
          {
            heading: 'Contact',
            paragraphs: [contact('Questions or requests about your data', c)],
          },
        ],
      };
    case '/refunds':
      return {
        title: 'Refund policy',
        updated: UPDATED,
        intro: 'You pay for a report, so you get a report or your money back.',
        sections: [
          {
            heading: 'We check before you pay',
            paragraphs: ['We read your listing before checkout. If we cannot read it, we do not ask you to pay.'],
          },
          {
            heading: 'Automatic refunds',
            bullets: [
              'If a paid report cannot be made (the listing was taken down after payment, or the report fails after every retry), we refund the full amount automatically and tell you on the report page and by e-mail.',
              'If an upgrade to Premium cannot be made, we refund the difference and your Basic report stays as it was.',
            ],
          },
          {
            heading: 'If a report is wrong about your listing',
            paragraphs: [
              `If a report misread your listing, write to ${c.supportEmail} within 14 days of buying it, with the listing link, and we will refund it.`,
            ],
          },
          {
            heading: 'How refunds reach you',
            paragraphs: [
              'Refunds go back to the card you paid with, through Stripe. Banks usually show them within 5 to 10 business days.',
            ],
          },
          {
            heading: 'Contact',
            paragraphs: [contact('Questions about a payment or a refund', c)],
          },
        ],
      };
  }
}
