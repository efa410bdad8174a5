import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { type UpgradeInfo } from '@/lib/orders/get-optimization-result';
import { UpgradeOffer } from './upgrade-offer';

const base: UpgradeInfo = { available: true, amount: 15, status: null, failureReason: null, refund: null };
const NOT_OFFERED =
  'Premium is not offered for this listing: its market analytics need comparable listings, and none were found near this one. Basic is offered.';

function renderOffer(upgrade: UpgradeInfo) {
  return renderWithRouter(<UpgradeOffer orderId="opt-1" upgrade={upgrade} onUpgraded={() => undefined} />);
}

// The payment-success page's upgrade offer follows the server's one decision (report.OfferFor
// via the upgrade body): offered where Premium delivers, else not offered with the reason —
// never offered and then refused.
describe('UpgradeOffer', () => {
  it('offers the upgrade for the difference where the server says Premium delivers', () => {
    renderOffer(base);
    expect(screen.getByTestId('upgrade-offer')).toHaveTextContent('Get the rest of Premium for $15.00');
    expect(screen.getByTestId('upgrade-button')).toBeEnabled();
    expect(screen.queryByTestId('upgrade-not-offered')).not.toBeInTheDocument();
    // The upgrade adds Premium's Watch (issue 45), as the plan table counts its weeks.
    expect(screen.getByTestId('upgrade-offer')).toHaveTextContent('e-mail delivery and 12 weeks of Watch');
  });

  it('says what Premium gives this listing, in the words the form used, not the card’s generic list', () => {
    const delivers = ['Everything in Basic: 5 of 7 sections assessed', 'No new name: a Booking.com property’s name is its registered name', 'Market analytics from 12 comparable listings (Booking.com’s search around the listing)'];
    renderOffer({ ...base, delivers });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(delivers);
    expect(screen.getByTestId('upgrade-offer')).not.toHaveTextContent('10+ title options');
  });

  it('offers no upgrade where Premium cannot deliver, and says why', () => {
    renderOffer({ ...base, available: false, notOffered: NOT_OFFERED });
    expect(screen.queryByTestId('upgrade-offer')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upgrade-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('upgrade-not-offered')).toHaveTextContent(NOT_OFFERED);
    // Said once: the reason's lead is the heading, not a second sentence above it.
    expect(screen.getByTestId('upgrade-not-offered').textContent.match(/not offered/g)).toHaveLength(1);
  });

  it('shows nothing for a report that cannot be upgraded for another reason (already Premium, not finished)', () => {
    const { container } = renderOffer({ ...base, available: false });
    expect(container).toBeEmptyDOMElement();
  });
});
