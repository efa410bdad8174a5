import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { GOLDEN_LISBON, GOLDEN_SPARSE, SERVED_BEFORE_OVERALL_SCORE, reportOf } from '@/testing/golden';
import { type OptimizationResult } from '@/lib/report/read';
import { type ReportReadFact } from '@/types/report-contract';
import { LISTING_READ_INTRO, LISTING_READ_TITLE, ListingRead, NOT_READ_TEXT } from './listing-read';

function read(golden: unknown, change: (raw: Record<string, unknown>) => Record<string, unknown> = (r) => r): OptimizationResult {
  return reportOf(change(structuredClone(golden as Record<string, unknown>)));
}

function row(key: string): HTMLElement {
  return screen.getByTestId(`read-fact-${key}`);
}

/** A Booking.com hotel as the server reads it: no host on the site, rooms not read, the most popular facilities only. */
const BOOKING_FACTS: ReportReadFact[] = [
  { key: 'title', label: 'Property name', status: 'read', value: 'Strand Palace', source: 'embedded-json', where: "from the listing page's own data" },
  { key: 'bedrooms', label: 'Bedrooms', status: 'not_read', value: '' },
  { key: 'rating', label: 'Rating', status: 'read', value: '8.5 out of 10', number: 8.5, scale: 10, source: 'embedded-json', where: "from the listing page's own data" },
  {
    key: 'amenities',
    label: 'Amenities',
    status: 'partial',
    value: '2 amenities',
    number: 2,
    items: ['Free WiFi', 'Family rooms'],
    shown: 'the 10 most popular facilities',
    source: 'markup',
    where: 'from the text of the listing page',
  },
  { key: 'host', label: 'Host', status: 'not_on_site', value: '' },
];

describe('What we read from your page', () => {
  it('shows each fact as read, a two-column table, with where most were read', () => {
    renderWithRouter(<ListingRead result={read(GOLDEN_LISBON)} />);
    expect(screen.getByRole('heading', { level: 2, name: LISTING_READ_TITLE })).toBeInTheDocument();
    expect(screen.getByTestId('listing-read')).toHaveTextContent(`${LISTING_READ_INTRO} Read from the listing page's own data unless a row says otherwise.`);
    expect(within(row('rating')).getByRole('term')).toHaveTextContent('Rating');
    expect(within(row('rating')).getByRole('definition')).toHaveTextContent(/^4\.93 out of 5$/);
    expect(row('price')).toHaveTextContent('Price$142 per night');
    // The language was worked out elsewhere: its row says where.
    expect(row('language')).toHaveTextContent("English worked out from the listing's words and the page's language");
    expect(screen.queryByText(NOT_READ_TEXT)).toBeNull();
  });

  it('names the amenities on request', async () => {
    renderWithRouter(<ListingRead result={read(GOLDEN_LISBON)} />);
    await userEvent.click(within(row('amenities')).getByText('Show the 6 names'));
    expect(row('amenities')).toHaveTextContent('Hair dryer, Hot water, Wifi, Dedicated workspace, Kitchen, Espresso machine');
  });

  it('says "Not read" in place of a fact not read: never a number or a default', () => {
    renderWithRouter(<ListingRead result={read(GOLDEN_SPARSE)} />);
    for (const key of ['bedrooms', 'beds', 'baths', 'rating', 'reviews', 'amenities', 'price']) {
      expect(within(row(key)).getByRole('definition')).toHaveTextContent(new RegExp(`^${NOT_READ_TEXT}$`));
    }
    expect(row('guests')).toHaveTextContent('Sleeps6 guests');
    expect(row('title')).toHaveTextContent('Headline'); // Vrbo's word for the title
  });

  it('a Booking.com hotel: "Not on Booking.com" for a host, partial facts with what the page showed', () => {
    const result = read(GOLDEN_SPARSE, (r) => ({ ...r, platform: 'booking', listing: { where: "from the listing page's own data", facts: BOOKING_FACTS } }));
    renderWithRouter(<ListingRead result={result} />);
    expect(within(row('host')).getByRole('definition')).toHaveTextContent(/^Not on Booking\.com$/);
    expect(within(row('bedrooms')).getByRole('definition')).toHaveTextContent(/^Not read$/);
    expect(row('rating')).toHaveTextContent('8.5 out of 10');
    expect(row('amenities')).toHaveTextContent('2 amenities');
    expect(row('amenities')).toHaveTextContent('partial: the 10 most popular facilities · from the text of the listing page');
    expect(row('title')).not.toHaveTextContent('from the'); // read where most were: not repeated
  });

  it('a report stored before the listing was kept shows no such section', () => {
    const { container } = renderWithRouter(<ListingRead result={read(SERVED_BEFORE_OVERALL_SCORE)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
