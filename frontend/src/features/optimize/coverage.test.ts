import { describe, expect, it } from 'vitest';
import { THIN_MARKET, coverageLine } from './coverage';

const albany = { market: 'inside_airbnb', marketName: 'Albany, New York, United States', comparables: 24, photos: 14, reviews: true, calendar: false };
const lisbon = {
  market: 'none',
  comparables: 0,
  note: 'We have no market data for this area yet, so the listing was not compared with others and no market figures are shown.',
  photos: 4,
  reviews: true,
  calendar: true,
};
const lisbonLive = { market: 'live', marketName: 'Airbnb search around the listing', comparables: 19, photos: 4, reviews: true, calendar: true };

describe('coverageLine', () => {
  it('says what a Basic report covers', () => {
    expect(coverageLine('basic', albany)).toEqual({
      text: 'Your report will cover your title and description, 14 photos and your rating and reviews.',
      warning: false,
    });
  });

  it('names the market data a Premium report compares with', () => {
    expect(coverageLine('premium', albany)?.text).toBe(
      'Your report will cover your title and description, 14 photos and your rating and reviews, with market analytics from 24 comparable listings in Albany, New York, United States.',
    );
  });

  it('warns before Premium when there is no market data', () => {
    expect(coverageLine('premium', lisbon)).toEqual({
      text: `Before you choose Premium: ${lisbon.note} Its market analytics will be empty for this listing; everything else in Premium is included.`,
      warning: true,
    });
  });

  it('names the live search where no snapshot covers the listing', () => {
    expect(coverageLine('premium', lisbonLive)).toEqual({
      text: 'Your report will cover your title and description, 4 photos, your availability calendar and your rating and reviews, with market analytics from 19 comparable listings found near yours in Airbnb’s search today.',
      warning: false,
    });
  });

  it('warns before Premium when the comparables are few', () => {
    const line = coverageLine('premium', { ...lisbonLive, comparables: THIN_MARKET - 1 });
    expect(line?.warning).toBe(true);
    expect(line?.text).toContain(`with only ${THIN_MARKET - 1} comparable listings found near yours in Airbnb’s search today, fewer than the ${THIN_MARKET} we aim for`);
    expect(coverageLine('premium', { ...lisbonLive, comparables: THIN_MARKET })?.warning).toBe(false);
  });

  it('says nothing without a coverage answer', () => {
    expect(coverageLine('premium', null)).toBeNull();
  });
});
